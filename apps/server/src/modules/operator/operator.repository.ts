// Every SQL statement of operators: their rows, sessions, set-password links and recovery codes.
import type { Kysely } from 'kysely';
import type { Database, Operator } from '../../db/schema';
import { nowIso } from '../../db/database';

export async function findOperatorByEmail(db: Kysely<Database>, email: string): Promise<Operator | null> {
  return (await db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst()) ?? null;
}

export async function findOperatorById(db: Kysely<Database>, id: number): Promise<Operator | null> {
  return (await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export function insertOperator(db: Kysely<Database>, values: { email: string; name: string }, now = new Date()): Promise<Operator> {
  const at = nowIso(now);
  return db
    .insertInto('operators')
    .values({ ...values, passwordHash: null, totpSecret: null, totpConfirmedAt: null, totpLastStep: null, createdAt: at, updatedAt: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setOperatorPassword(db: Kysely<Database>, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('operators').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', id).execute();
}

/** Starts (or restarts) enrolment: a new secret, not yet confirmed. Never replaces a confirmed one. */
export async function setPendingTotpSecret(db: Kysely<Database>, id: number, secret: string): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totpSecret: secret, totpLastStep: null, updatedAt: nowIso() })
    .where('id', '=', id)
    .where('totpConfirmedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearSecondFactor(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('operators')
    .set({ totpSecret: null, totpConfirmedAt: null, totpLastStep: null, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('operatorRecoveryCodes').where('operatorId', '=', id).execute();
}

/**
 * Accepts the TOTP time step `step` once: the row changes only when no later (or equal) step was
 * accepted before, so a code seen over a shoulder cannot be replayed, even by two requests at once.
 */
export async function acceptTotpStep(db: Kysely<Database>, id: number, step: number, confirm: boolean): Promise<boolean> {
  const at = nowIso();
  const result = await db
    .updateTable('operators')
    .set(confirm ? { totpLastStep: step, totpConfirmedAt: at, updatedAt: at } : { totpLastStep: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Kysely<Database>, operatorId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('operatorRecoveryCodes').where('operatorId', '=', operatorId).execute();
  await db
    .insertInto('operatorRecoveryCodes')
    .values(codeHashes.map((codeHash) => ({ operatorId, codeHash, usedAt: null })))
    .execute();
}

/** Uses one recovery code (one conditional UPDATE: two requests cannot both use it). */
export async function useRecoveryCode(db: Kysely<Database>, operatorId: number, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('operatorRecoveryCodes')
    .set({ usedAt: nowIso() })
    .where('operatorId', '=', operatorId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Kysely<Database>, operatorId: number): Promise<number> {
  const row = await db
    .selectFrom('operatorRecoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('operatorId', '=', operatorId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return row?.count ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Sessions

export interface OperatorSessionRow {
  sessionId: number;
  operatorId: number;
  email: string;
  name: string;
  secondFactorAt: string | null;
  lastSeenAt: string;
}

export async function insertSession(
  db: Kysely<Database>,
  values: { tokenHash: string; operatorId: number; secondFactorAt: string | null; createdAt: string; expiresAt: string },
): Promise<void> {
  await db.insertInto('operatorSessions').values({ ...values, lastSeenAt: values.createdAt }).execute();
}

/** The live session of that token: unexpired, and used within the idle limit. */
export async function findSession(db: Kysely<Database>, tokenHash: string, now: string, idleCutoff: string): Promise<OperatorSessionRow | null> {
  const row = await db
    .selectFrom('operatorSessions')
    .innerJoin('operators', 'operators.id', 'operatorSessions.operatorId')
    .select([
      'operatorSessions.id as sessionId',
      'operatorSessions.operatorId',
      'operators.email',
      'operators.name',
      'operatorSessions.secondFactorAt',
      'operatorSessions.lastSeenAt',
    ])
    .where('operatorSessions.tokenHash', '=', tokenHash)
    .where('operatorSessions.expiresAt', '>', now)
    .where('operatorSessions.lastSeenAt', '>', idleCutoff)
    .executeTakeFirst();
  return row ?? null;
}

export async function touchSession(db: Kysely<Database>, sessionId: number, now: string): Promise<void> {
  await db.updateTable('operatorSessions').set({ lastSeenAt: now }).where('id', '=', sessionId).execute();
}

/** Removes one session; false when it was already gone (used twice at once). */
export async function deleteSession(db: Kysely<Database>, sessionId: number): Promise<boolean> {
  const result = await db.deleteFrom('operatorSessions').where('id', '=', sessionId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteOperatorSessions(db: Kysely<Database>, operatorId: number): Promise<void> {
  await db.deleteFrom('operatorSessions').where('operatorId', '=', operatorId).execute();
}

export async function deleteExpiredOperatorSessions(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('operatorSessions').where('expiresAt', '<=', now).execute();
}

// ---------------------------------------------------------------------------------------------
// Set-password links

export async function insertToken(db: Kysely<Database>, values: { tokenHash: string; operatorId: number; createdAt: string; expiresAt: string }): Promise<void> {
  // A new link replaces any earlier unused one.
  await db.updateTable('operatorTokens').set({ usedAt: values.createdAt }).where('operatorId', '=', values.operatorId).where('usedAt', 'is', null).execute();
  await db.insertInto('operatorTokens').values({ ...values, usedAt: null }).execute();
}

export async function findUsableToken(db: Kysely<Database>, tokenHash: string, now: string): Promise<{ id: number; operatorId: number } | null> {
  const row = await db
    .selectFrom('operatorTokens')
    .select(['id', 'operatorId'])
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function consumeToken(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('operatorTokens')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Operators who can log in (they receive the daily complaints e-mail). */
export function activeOperators(db: Kysely<Database>): Promise<{ email: string; name: string }[]> {
  return db.selectFrom('operators').select(['email', 'name']).where('passwordHash', 'is not', null).orderBy('id').execute();
}
