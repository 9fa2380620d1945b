// The rules of contracts: the operator creates one (account + memorial + pending contract + an
// activation link), the customer activates it with the link, and the owner sees banners derived
// from its state next to the ones the operator added (spec §2 'Disclaimer banners', issue 2 §7).
import { guestUrl } from '../../http/links';
import type { Kysely } from 'kysely';
import type { Disclaimer as DisclaimerShape } from '@recuerdos/shared/api-types';
import { limaDate } from '@recuerdos/shared/dates';
import { postDate } from '@recuerdos/shared/format';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Contract, Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword } from '../../auth/passwords';
import { revokeAccountSessions, type UserSession } from '../../auth/sessions';
import { newIdentifier } from '../../auth/tokens';
import {
  ACTIVATION_TOKEN_TTL_MS,
  FIRST_PASSWORD_TOKEN_TTL_MS,
  consumeToken,
  createOneTimeToken,
  findTokenAnyState,
} from '../../auth/one-time-tokens';
import { MESSAGES_HTTP, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { reserveAll } from '../../security/attempt-guard';
import type { MailService } from '../../mail/mailer';
import { contractActivationMail, contractApprovedMail } from './contract.mails';
import * as repo from './contract.repository';

export const CONTRACT_MESSAGES = {
  activated: 'Contrato activado',
  contractNotFound: 'No encontramos el contrato indicado. Revisa el enlace que te enviamos por correo electrónico',
  invalidLink: 'El enlace de activación no es válido o ha expirado. Escríbenos para recibir uno nuevo',
  alreadyActive: 'Este contrato ya fue activado. Ingresa con tu correo electrónico y tu contraseña',
  contractExpired: 'Este contrato ha vencido. Escríbenos para renovarlo',
  tooManyActivations: 'Demasiados intentos de activación. Espera unos minutos e inténtalo de nuevo',
} as const;

/**
 * Who may do what (STYLE habit 5). Activation needs no session: the single-use token from the
 * e-mail is the credential. Banners are for the account that owns the memorial (anonymous → 401
 * by requireUser, another account → 403).
 */
export const contractPolicy = {
  readDisclaimers: (session: UserSession, memorial: repo.ContractMemorial): boolean =>
    memorial.accountId === session.accountId,
} as const;

export const ACTIVATION_RATE_LIMIT = { max: 20, windowMs: 15 * 60_000 } as const;

/** Banners start this many days before the last day of service. */
export const EXPIRY_NOTICE_DAYS = 30;

// ---------------------------------------------------------------------------------------------
// Creation (operator CLI)

export interface NewContractInput {
  email: string;
  name: string;
  lastname: string;
  /** The loved one's full name: the memorial's name until the owner edits it. */
  person: string;
  password?: string | undefined;
  /** Last day of service, 'YYYY-MM-DD'; absent = no end. */
  expiresOn?: string | undefined;
  /** The memorial's type and dates when they are known at the sale (a partner's form, issue 30 §2). */
  memorial?: { type: 'P' | 'U'; birthdate: string | null; deathdate: string | null } | undefined;
  /** The funeral home that sold it: named in the activation e-mail (issue 30 §2). */
  soldBy?: string | undefined;
  /** Refuse (409 with this message) when the e-mail already has an account, inside the transaction. */
  refuseExistingAccount?: string | undefined;
  /** More rows of the same sale, written in the contract's transaction (a partner's sale, its rites). */
  within?: ((trx: Kysely<Database>, created: CreatedContract) => Promise<void>) | undefined;
}

export interface CreatedContract {
  number: string;
  contractId: number;
  identifier: string;
  memorialId: number;
  accountId: number;
  email: string;
  name: string;
  person: string;
  /** The generated access code of the (private) memorial. */
  accessCode: string;
  /** The outbox row of the activation e-mail (null when no mailer was given). */
  activationMailId: number | null;
  accountCreated: boolean;
  passwordSet: boolean;
  activationUrl: string;
  guestUrl: string;
}

export interface ContractDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl'>;
  /**
   * Queues the activation e-mail in the contract's transaction (the CLI and the back office). Only
   * fixtures that make a contract without telling anyone leave it out.
   */
  mail?: Pick<MailService, 'queue'>;
}

/** 'REC-2026-00042': the year in Lima and a per-year sequence, readable over the phone. */
export function nextContractNumber(last: string | null, year: string): string {
  const seq = last ? Number(last.slice(-5)) + 1 : 1;
  return `REC-${year}-${String(Number.isFinite(seq) ? seq : 1).padStart(5, '0')}`;
}

export function activationUrl(publicUrl: string, number: string, token: string): string {
  return `${publicUrl}/activate-account?contract=${encodeURIComponent(number)}&token=${encodeURIComponent(token)}`;
}

/**
 * Creates the account if the e-mail is new (a second contract adds a memorial to the same
 * account), a private memorial with a generated access code, a pending contract and its
 * activation token, all in one transaction, with the activation e-mail queued in it (decision 012).
 */
export async function createContract(deps: ContractDeps, input: NewContractInput): Promise<CreatedContract> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const year = limaDate().slice(0, 4);
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        let account = await repo.findAccountByEmail(trx, input.email);
        if (account && input.refuseExistingAccount) throw conflict(input.refuseExistingAccount);
        const accountCreated = !account;
        if (!account) {
          account = await repo.insertAccount(trx, {
            email: input.email,
            name: input.name,
            lastname: input.lastname,
            passwordHash,
          });
        } else if (passwordHash) {
          // The operator set a password for an existing customer: old sessions end with it.
          await repo.setAccountPassword(trx, account.id, passwordHash);
          await revokeAccountSessions(trx, account.id);
        }
        const accessCode = newIdentifier(6);
        // MEMORIAL_DEFAULTS: private until the family decides otherwise; the code is ready to share.
        const memorial = await repo.insertMemorial(trx, { accountId: account.id, fullname: input.person, accessCode, ...input.memorial });
        const number = nextContractNumber(await repo.lastContractNumber(trx, `REC-${year}-`), year);
        const contract = await repo.insertContract(trx, {
          number,
          accountId: account.id,
          memorialId: memorial.id,
          state: 'pending',
          expiresOn: input.expiresOn ?? null,
        });
        const token = await createOneTimeToken(trx, {
          purpose: 'contract_activation',
          accountId: account.id,
          contractId: contract.id,
          ttlMs: ACTIVATION_TOKEN_TTL_MS,
        });
        const link = activationUrl(deps.config.publicUrl, number, token);
        const activationMailId = deps.mail
          ? await deps.mail.queue(
              contractActivationMail({ to: account.email, name: account.name, number, person: memorial.fullname, activationUrl: link, soldBy: input.soldBy }),
              trx,
            )
          : null;
        const created: CreatedContract = {
          number,
          contractId: contract.id,
          identifier: memorial.identifier,
          memorialId: memorial.id,
          accountId: account.id,
          email: account.email,
          name: account.name,
          person: memorial.fullname,
          accessCode,
          accountCreated,
          passwordSet: passwordHash !== null,
          activationUrl: link,
          activationMailId,
          guestUrl: guestUrl(deps.config.publicUrl, memorial.identifier),
        };
        if (input.within) await input.within(trx, created);
        return created;
      });
    } catch (err) {
      // Two operators creating contracts at once may pick the same number (or the same new e-mail).
      if (attempt < 5 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Activation (POST /contract/activate)

export interface ActivatedContract {
  number: string;
}

export async function activateContract(
  ctx: AppContext,
  input: { contract: string; token: string },
  address: string,
): Promise<ActivatedContract> {
  await reserveAll(ctx.limiter, [
    { key: `activate:addr:${address}`, cap: ACTIVATION_RATE_LIMIT, message: CONTRACT_MESSAGES.tooManyActivations },
  ]);

  // Contract numbers are sequential, so the number typed is never looked up on its own: the token
  // names its contract, and the number must match it. An unknown number and a known number with a
  // wrong token get the same answer after the same work (one lookup by the token's hash).
  const token = await findTokenAnyState(ctx.db, input.token, 'contract_activation');
  const contract = token?.contractId != null ? await repo.findContractById(ctx.db, token.contractId) : null;
  if (!token || contract?.number !== input.contract.toUpperCase()) throw badRequest(CONTRACT_MESSAGES.invalidLink);
  // Only the holder of this contract's token learns its state.
  if (contract.state === 'active') throw badRequest(CONTRACT_MESSAGES.alreadyActive);
  if (contract.state === 'expired') throw badRequest(CONTRACT_MESSAGES.contractExpired);

  const account = await repo.findAccountById(ctx.db, contract.accountId);
  const memorial = await repo.findMemorialById(ctx.db, contract.memorialId);
  if (!account || !memorial) throw notFound(CONTRACT_MESSAGES.contractNotFound);

  const base = ctx.config.publicUrl;
  // The activation, the first-password link and the e-mail carrying it commit together (issue 16 §3).
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await consumeToken(trx, token.id))) throw badRequest(CONTRACT_MESSAGES.invalidLink);
    if (!(await repo.markContractActive(trx, contract.id))) throw badRequest(CONTRACT_MESSAGES.alreadyActive);
    const setPasswordToken = account.passwordHash
      ? null
      : await createOneTimeToken(trx, {
          purpose: 'password_reset',
          accountId: account.id,
          ttlMs: FIRST_PASSWORD_TOKEN_TTL_MS,
        });
    await ctx.mail.queue(
      contractApprovedMail({
        to: account.email,
        name: account.name,
        number: contract.number,
        person: memorial.fullname,
        guestUrl: guestUrl(base, memorial.identifier),
        loginUrl: `${base}/login`,
        setPasswordUrl: setPasswordToken ? `${base}/new-password?token=${encodeURIComponent(setPasswordToken)}` : null,
      }),
      trx,
    );
  });
  return { number: contract.number };
}

// ---------------------------------------------------------------------------------------------
// Disclaimers (GET /contract/get-disclaimers)

function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

/** The banners a contract's state calls for on `today` (Lima), most serious first. */
export function contractBanners(
  contract: Pick<Contract, 'number' | 'state' | 'expiresOn'> | null,
  today: string,
  contact: { phone: string; email: string },
): DisclaimerShape[] {
  if (!contract) return [];
  const reach = `Comunícate con nosotros al ${contact.phone} o a ${contact.email} para renovarlo.`;
  const ended = contract.state === 'expired' || (contract.expiresOn !== null && contract.expiresOn < today);
  if (ended) {
    const when = contract.expiresOn ? `venció el ${postDate(contract.expiresOn)}` : 'ha vencido';
    return [
      {
        type: 'R',
        title: 'Tu servicio ha vencido',
        descr: `Tu contrato N.° ${contract.number} ${when}. ${reach}`,
      },
    ];
  }
  if (contract.state === 'pending') {
    return [
      {
        type: 'W',
        title: 'Activa tu contrato',
        descr: `Tu contrato N.° ${contract.number} aún no está activado. Abre el enlace que te enviamos por correo electrónico para activarlo; si no lo encuentras, revisa la carpeta de spam o escríbenos a ${contact.email}.`,
      },
    ];
  }
  if (contract.expiresOn !== null) {
    const days = daysBetween(today, contract.expiresOn);
    if (days <= EXPIRY_NOTICE_DAYS) {
      const date = postDate(contract.expiresOn);
      const when = days === 0 ? `vence hoy, ${date}` : days === 1 ? `vence mañana, ${date}` : `vence en ${days} días, el ${date}`;
      return [
        {
          type: 'W',
          title: 'Tu servicio está por vencer',
          descr: `Tu contrato N.° ${contract.number} ${when}. ${reach}`,
        },
      ];
    }
  }
  return [];
}

export async function disclaimersFor(ctx: AppContext, session: UserSession, identifier: string): Promise<DisclaimerShape[]> {
  const memorial = await repo.findMemorialByIdentifier(ctx.db, identifier);
  if (!memorial) throw notFound(MESSAGES_HTTP.memorialNotFound);
  if (!contractPolicy.readDisclaimers(session, memorial)) throw forbidden();
  const contract = await repo.findLatestContract(ctx.db, memorial.id);
  const derived = contractBanners(contract, limaDate(), ctx.config.contact);
  const operator = await repo.listDisclaimers(ctx.db, memorial.id);
  return [...derived, ...operator];
}

// ---------------------------------------------------------------------------------------------
// End date and renewal (the back office, issue 15; the operations issue owns the life cycle)

/**
 * Sets the contract's last day of service (null = no end). A contract that had expired and gets a
 * day still to come is live again: active if it was ever activated, else pending.
 */
export async function renewContract(
  ctx: Pick<AppContext, 'db'>,
  input: { number: string; expiresOn: string | null },
  today: string = limaDate(),
): Promise<Contract> {
  const contract = await repo.findContractByNumber(ctx.db, input.number);
  if (!contract) throw notFound(CONTRACT_ADMIN_MESSAGES.notFound);
  const live = input.expiresOn === null || input.expiresOn >= today;
  const state = contract.state === 'expired' && live ? (contract.activatedAt ? 'active' : 'pending') : contract.state;
  await repo.setContractEnd(ctx.db, contract.id, { expiresOn: input.expiresOn, state });
  return { ...contract, expiresOn: input.expiresOn, state };
}

export const CONTRACT_ADMIN_MESSAGES = {
  notFound: 'No encontramos ese contrato',
} as const;
