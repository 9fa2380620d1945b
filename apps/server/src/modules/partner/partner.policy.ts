// Who of a partner's staff may do what (STYLE habit 5; the table in docs/decisions/031). Every
// rule takes the caller's complete session; anyone without one never reaches these (401 first).
import type { PartnerRole } from '../../db/schema';

export interface PartnerCaller {
  partnerId: number;
  role: PartnerRole;
  /** An adviser's branch; null for an admin. */
  branchId: number | null;
}

const isAdmin = (caller: PartnerCaller): boolean => caller.role === 'admin';

export const PARTNER_POLICY = {
  /** Branches: the admin reads all of its partner's, an adviser only its own. */
  readAllBranches: isAdmin,
  createBranch: isAdmin,
  manageStaff: isAdmin,
  /** Sell (and later prepare) in a branch: the admin in any of its partner's, an adviser in its own. */
  workInBranch: (caller: PartnerCaller, branchId: number): boolean => isAdmin(caller) || caller.branchId === branchId,
} as const;
