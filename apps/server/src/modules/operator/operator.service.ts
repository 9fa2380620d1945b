// Operators of the back office (issue 15 §1): a role apart from owners and guests. An operator is
// created from the command line with a single-use set-password link, logs in at /admin with a
// password and then a TOTP code from an authenticator app (enrolled at the first login; ten
// recovery codes are shown once), and works in a session of its own: short-lived, ended after 30
// idle minutes, and revoked on every password change. The sign-in itself is the staff realms' one
// (modules/staff-auth, docs/decisions/033); this file is the operators' realm and what only they do.
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Database, Operator } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { AppError, unauthorized } from '../../http/errors';
import { reserveAll } from '../../security/attempt-guard';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { STAFF_SESSION, staffPolicies, type StaffRealm, type StaffSession } from '../staff-auth/staff-auth.realm';
import * as staffRepo from '../staff-auth/staff-auth.repository';
import * as staff from '../staff-auth/staff-auth.service';
import * as repo from './operator.repository';

export const OPERATOR_MESSAGES = {
  badCredentials: 'Correo electrónico o contraseña incorrectos',
  badCode: 'El código no es correcto. Revisa la hora de tu teléfono e inténtalo de nuevo',
  sessionExpired: 'Tu sesión de operador expiró. Ingresa nuevamente',
  secondFactorRequired: 'Completa la verificación en dos pasos para continuar',
  alreadyEnrolled: 'Ya activaste la verificación en dos pasos. Ingresa el código de tu aplicación',
  notEnrolled: 'Primero activa la verificación en dos pasos',
  tooManyLogins: 'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo',
  tooManyCodes: 'Demasiados códigos incorrectos. Espera unos minutos e inténtalo de nuevo',
  tooManyTotpCodes:
    'Demasiados códigos incorrectos para esta cuenta. Espera unos minutos o ingresa uno de tus códigos de recuperación',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  passwordChanged: 'Tu contraseña fue cambiada. Cerramos tus otras sesiones',
  passwordSet: 'Tu contraseña fue creada. Ya puedes ingresar',
  invalidLink: 'El enlace no es válido o ha expirado. Pide uno nuevo al administrador',
  loggedOut: 'Cerraste sesión',
} as const;

/** The staff session lengths (013): a working day at most, 30 idle minutes. */
export const OPERATOR_SESSION = STAFF_SESSION;

export { RECOVERY_CODE_COUNT, SET_PASSWORD_TTL_MS } from '../staff-auth/staff-auth.realm';

interface LimitRule {
  max: number;
  windowMs: number;
}

/** Guessing the current password with a stolen session (DESIGN §4). */
export const OPERATOR_LIMITS = {
  passwordChangePerOperator: { max: 5, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/** The attempt guard on the password and codes (011-abuse-limits.md, 013): keys `admin-login:*`, `admin-code:*`. */
const POLICIES = staffPolicies('admin', OPERATOR_MESSAGES);
export const OPERATOR_LOGIN_POLICY = POLICIES.login;
export const RECOVERY_CODE_POLICY = POLICIES.recoveryCode;
export const TOTP_CODE_POLICY = POLICIES.totpCode;

/** Reserved before the check (a burst never evaluates more than the cap; security/attempt-guard). */
async function enforceLimit(ctx: AppContext, limits: readonly { key: string; rule: LimitRule }[], message: string): Promise<void> {
  await reserveAll(
    ctx.limiter,
    limits.map(({ key, rule }) => ({ key: `admin:${key}`, cap: rule, message })),
  );
}

export interface OperatorSession extends StaffSession {
  operatorId: number;
}

export function actorOf(session: Pick<OperatorSession, 'operatorId' | 'email'>, ip: string): AuditActor {
  return { operatorId: session.operatorId, email: session.email, ip };
}

/** The back office's realm: the operators* tables, the `operator` header, a second factor for everyone. */
export const OPERATOR_REALM: StaffRealm<Operator, OperatorSession> = {
  audit: 'operator',
  header: 'operator',
  tables: {
    users: 'operators',
    sessions: 'operatorSessions',
    tokens: 'operatorTokens',
    recoveryCodes: 'operatorRecoveryCodes',
    userId: 'operatorId',
    completedAt: 'secondFactorAt',
  },
  messages: OPERATOR_MESSAGES,
  policies: POLICIES,
  setPasswordPath: '/admin/set-password',
  userByEmail: repo.findOperatorByEmail,
  userById: repo.findOperatorById,
  actor: (person, ip) => actorOf({ operatorId: person.id, email: person.email }, ip),
  session: (_db, base) => Promise.resolve({ ...base, operatorId: base.userId }),
};

/** The session of an `operator` header, or null (absent, unknown, expired, idle too long). */
export function findOperatorSession(db: Kysely<Database>, token: string, now = new Date()): Promise<OperatorSession | null> {
  return staff.findStaffSession(OPERATOR_REALM, db, token, now);
}

// ---------------------------------------------------------------------------------------------
// Creation (command line) and the set-password link

export interface CreatedOperator {
  operator: Operator;
  created: boolean;
  setPasswordUrl: string;
}

/**
 * Creates the operator (or, for an existing e-mail, issues a new link: a forgotten password);
 * `resetSecondFactor` also removes the authenticator (a lost phone). Sessions end either way.
 */
export async function createOperator(
  deps: { db: Kysely<Database>; config: Pick<Config, 'publicUrl'> },
  input: { email: string; name: string; resetSecondFactor?: boolean },
  now = new Date(),
): Promise<CreatedOperator> {
  const tables = OPERATOR_REALM.tables;
  return deps.db.transaction().execute(async (trx) => {
    let operator = await repo.findOperatorByEmail(trx, input.email);
    const created = !operator;
    operator ??= await repo.insertOperator(trx, { email: input.email, name: input.name }, now);
    if (input.resetSecondFactor) await staffRepo.clearSecondFactor(trx, tables, operator.id);
    await staffRepo.deleteUserSessions(trx, tables, operator.id);
    const setPasswordUrl = await staff.issueSetPasswordLink(OPERATOR_REALM, trx, deps.config.publicUrl, operator.id, now);
    await recordAudit(trx, { operatorId: null, email: 'línea de comandos', ip: '' }, 'operator.created', operator.email, {
      name: operator.name,
      newOperator: created,
      secondFactorReset: input.resetSecondFactor === true,
    });
    return { operator, created, setPasswordUrl };
  });
}

/** Every session of the operator ends (this one too); a new one is answered for this browser. */
export async function changePassword(
  ctx: AppContext,
  session: OperatorSession,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<string> {
  await enforceLimit(ctx, [{ key: `password:${session.operatorId}`, rule: OPERATOR_LIMITS.passwordChangePerOperator }], OPERATOR_MESSAGES.tooManyLogins);
  const operator = await repo.findOperatorById(ctx.db, session.operatorId);
  if (!operator) throw unauthorized(OPERATOR_MESSAGES.sessionExpired);
  if (!operator.passwordHash || !(await verifyPassword(operator.passwordHash, input.currentPassword))) {
    throw new AppError(400, OPERATOR_MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(input.newPassword);
  return ctx.db.transaction().execute(async (trx) => {
    await staffRepo.setPassword(trx, OPERATOR_REALM.tables, operator.id, passwordHash);
    await staffRepo.deleteUserSessions(trx, OPERATOR_REALM.tables, operator.id);
    await recordAudit(trx, actorOf(session, ip), 'operator.password-changed', operator.email);
    return staff.openSession(OPERATOR_REALM, trx, operator.id, true);
  });
}
