// The contracts part of the back office (issue 15 §2): search, detail, creation (the same service
// as `admin create-contract`), the activation e-mail again, the end date, and disclaimers. Every
// change is audited in the same transaction.
import { guestUrl } from '../../http/links';
import { limaDate } from '@recuerdos/shared/dates';
import type { z } from 'zod';
import type { adminCreateContractSchema, addDisclaimerSchema } from '@recuerdos/shared/admin-schemas';
import type { AppContext } from '../../context';
import type { ContractState } from '../../db/schema';
import { ACTIVATION_TOKEN_TTL_MS, createOneTimeToken } from '../../auth/one-time-tokens';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { contractActivationMail } from './contract.mails';
import * as repo from './contract.repository';
import { CONTRACT_ADMIN_MESSAGES, activationUrl, createContract, renewContract, type CreatedContract } from './contract.service';

export const BACKOFFICE_CONTRACT_MESSAGES = {
  ...CONTRACT_ADMIN_MESSAGES,
  created: 'Contrato creado. Enviamos el enlace de activación por correo',
  resent: 'Enviamos de nuevo el enlace de activación',
  notPending: 'Este contrato ya fue activado: no necesita el enlace de activación',
  endDateChanged: 'Fecha de fin actualizada',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la creación del contrato',
  disclaimerAdded: 'Aviso agregado',
  disclaimerRemoved: 'Aviso quitado',
  disclaimerNotFound: 'Ese aviso ya no existe',
} as const;

const M = BACKOFFICE_CONTRACT_MESSAGES;

export const SEARCH_LIMIT = 50;

/** The state the operator should read: an active contract past its last day has ended. */
export function effectiveState(row: { state: ContractState; expiresOn: string | null }, today: string = limaDate()): ContractState {
  if (row.state === 'active' && row.expiresOn !== null && row.expiresOn < today) return 'expired';
  return row.state;
}

export function searchContracts(ctx: Pick<AppContext, 'db'>, q: string): Promise<repo.AdminContractRow[]> {
  return repo.searchContracts(ctx.db, q, SEARCH_LIMIT);
}

export interface ContractDetail {
  contract: repo.AdminContractRow;
  accountContracts: repo.AdminContractRow[];
  disclaimers: Awaited<ReturnType<typeof repo.listDisclaimers>>;
  guestUrl: string;
}

export async function contractDetail(ctx: Pick<AppContext, 'db' | 'config'>, number: string): Promise<ContractDetail> {
  const contract = await repo.findAdminContract(ctx.db, number.toUpperCase());
  if (!contract) throw notFound(M.notFound);
  const [accountContracts, disclaimers] = await Promise.all([
    repo.accountContracts(ctx.db, contract.accountId),
    repo.listDisclaimers(ctx.db, contract.memorialId),
  ]);
  return { contract, accountContracts, disclaimers, guestUrl: guestUrl(ctx.config.publicUrl, contract.identifier) };
}

export async function createContractFromBackoffice(
  ctx: AppContext,
  actor: AuditActor,
  input: z.output<typeof adminCreateContractSchema>,
): Promise<CreatedContract> {
  const created = await createContract(
    ctx,
    { email: input.email, name: input.name, lastname: input.lastname, person: input.person, expiresOn: input.expiresOn || undefined },
  );
  await recordAudit(ctx.db, actor, 'contract.created', created.number, {
    email: created.email,
    person: created.person,
    identifier: created.identifier,
    expiresOn: input.expiresOn || null,
    accountCreated: created.accountCreated,
  });
  return created;
}

/** A new activation link (the earlier ones stop working), e-mailed to the owner. */
export async function resendActivation(ctx: AppContext, actor: AuditActor, number: string): Promise<void> {
  const contract = await repo.findAdminContract(ctx.db, number.toUpperCase());
  if (!contract) throw notFound(M.notFound);
  if (contract.state !== 'pending') throw conflict(M.notPending);
  // The new link and the e-mail carrying it commit together (decision 012).
  await ctx.db.transaction().execute(async (trx) => {
    await repo.retireActivationTokens(trx, contract.id);
    const token = await createOneTimeToken(trx, {
      purpose: 'contract_activation',
      accountId: contract.accountId,
      contractId: contract.id,
      ttlMs: ACTIVATION_TOKEN_TTL_MS,
    });
    await recordAudit(trx, actor, 'contract.activation-resent', contract.number, { email: contract.email });
    await ctx.mail.queue(
      contractActivationMail({
        to: contract.email,
        name: contract.name,
        number: contract.number,
        person: contract.fullname,
        activationUrl: activationUrl(ctx.config.publicUrl, contract.number, token),
      }),
      trx,
    );
  });
}

/** Changes the last day of service, or renews an ended contract (renewContract of the contract service). */
export async function changeEndDate(ctx: AppContext, actor: AuditActor, number: string, expiresOn: string | null): Promise<void> {
  const contract = await repo.findAdminContract(ctx.db, number.toUpperCase());
  if (!contract) throw notFound(M.notFound);
  if (expiresOn !== null && expiresOn < limaDate(new Date(contract.createdAt))) throw badRequest(M.endBeforeStart);
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await renewContract({ db: trx }, { number: contract.number, expiresOn });
    await recordAudit(trx, actor, 'contract.end-date-changed', contract.number, {
      from: contract.expiresOn,
      to: expiresOn,
      stateBefore: contract.state,
      stateAfter: updated.state,
    });
  });
}

export async function addDisclaimer(
  ctx: AppContext,
  actor: AuditActor,
  number: string,
  input: z.output<typeof addDisclaimerSchema>,
): Promise<void> {
  const contract = await repo.findAdminContract(ctx.db, number.toUpperCase());
  if (!contract) throw notFound(M.notFound);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertDisclaimer(trx, { memorialId: contract.memorialId, type: input.type, title: input.title, descr: input.descr });
    await recordAudit(trx, actor, 'disclaimer.added', contract.number, { id: row.id, memorial: contract.identifier, type: row.type, title: row.title, descr: row.descr });
  });
}

export async function removeDisclaimer(ctx: AppContext, actor: AuditActor, number: string, id: number): Promise<void> {
  const contract = await repo.findAdminContract(ctx.db, number.toUpperCase());
  if (!contract) throw notFound(M.notFound);
  const disclaimer = await repo.findDisclaimer(ctx.db, id);
  if (disclaimer?.memorialId !== contract.memorialId) throw notFound(M.disclaimerNotFound);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteDisclaimer(trx, id))) throw notFound(M.disclaimerNotFound);
    await recordAudit(trx, actor, 'disclaimer.removed', contract.number, { id, memorial: contract.identifier, type: disclaimer.type, title: disclaimer.title, descr: disclaimer.descr });
  });
}
