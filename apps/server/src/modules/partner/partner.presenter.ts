import type {
  PartnerBranchData,
  PartnerLoginData,
  PartnerMe,
  PartnerSessionData,
  PartnerStaffData,
} from '@recuerdos/shared/partner-api-types';
import type { PartnerBranch, PartnerUser } from '../../db/schema';
import type { CompletedLogin, LoginNext } from '../staff-auth/staff-auth.service';
import type { StaffRow } from './partner.repository';
import type { PartnerSession } from './partner.service';

export function presentMe(session: PartnerSession): PartnerMe {
  return { email: session.email, name: session.name, role: session.role, partner: session.partnerName, branchId: session.branchId };
}

export function presentLogin(result: { token: string; next: LoginNext }): PartnerLoginData {
  return { token: result.token, next: result.next };
}

export function presentCompletedLogin(result: CompletedLogin<PartnerUser>): PartnerSessionData {
  return {
    token: result.token,
    user: { email: result.user.email, name: result.user.name },
    ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}),
    ...(result.recoveryCodesLeft !== undefined ? { recoveryCodesLeft: result.recoveryCodesLeft } : {}),
  };
}

export function presentBranch(branch: PartnerBranch): PartnerBranchData {
  return { id: branch.id, name: branch.name, address: branch.address };
}

export function presentStaff(row: StaffRow): PartnerStaffData {
  return { id: row.id, email: row.email, name: row.name, role: row.role, branchId: row.branchId, branch: row.branchName, hasPassword: row.hasPassword };
}
