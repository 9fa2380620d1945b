// Contract rows → the back office's shapes (@recuerdos/shared/admin-api-types).
import type { AdminContract, AdminContractDetail } from '@recuerdos/shared/admin-api-types';
import type { AdminContractRow } from './contract.repository';
import { effectiveState, type ContractDetail } from './contract.backoffice';
import type { CreatedContract } from './contract.service';

export function presentAdminContract(row: AdminContractRow, today?: string): AdminContract {
  return {
    number: row.number,
    state: effectiveState(row, today),
    createdAt: row.createdAt,
    activatedAt: row.activatedAt,
    expiresOn: row.expiresOn,
    owner: { email: row.email, name: row.name, lastname: row.lastname },
    memorial: { identifier: row.identifier, fullname: row.fullname, type: row.type },
  };
}

export function presentAdminContractDetail(detail: ContractDetail): AdminContractDetail {
  return {
    ...presentAdminContract(detail.contract),
    guestUrl: detail.guestUrl,
    accountContracts: detail.accountContracts.map((row) => ({
      number: row.number,
      state: effectiveState(row),
      memorial: { identifier: row.identifier, fullname: row.fullname },
    })),
    disclaimers: detail.disclaimers.map((d) => ({ id: d.id, type: d.type, title: d.title, descr: d.descr, createdAt: d.createdAt })),
  };
}

/** What the operator needs after creating one: never the activation link's token (it is e-mailed). */
export function presentCreatedContract(created: CreatedContract): { number: string; identifier: string; email: string; accessCode: string } {
  return { number: created.number, identifier: created.identifier, email: created.email, accessCode: created.accessCode };
}
