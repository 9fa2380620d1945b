// Every SQL statement of staff sign-in, written once for every realm (docs/decisions/033): the
// password, the authenticator, recovery codes, sessions and set-password links. `names` says whose
// tables they run on (staff-auth.tables.ts); the realm's own columns (a partner's role…) are read
// by the realm's repository.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/database';
import { staffTables, type StaffTableNames } from './staff-auth.tables';

type Db = Kysely<Database>;

export async function setPassword(db: Db, names: StaffTableNames, userId: number, passwordHash: string): Promise<void> {
  await staffTables(db, names).updateTable('staffUsers').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', userId).execute();
}

/** Starts (or restarts) enrolment: a new secret, not yet confirmed. Never replaces a confirmed one. */
export async function setPendingTotpSecret(db: Db, names: StaffTableNames, userId: number, secret: string): Promise<boolean> {
  const result = await staffTables(db, names)
    .updateTable('staffUsers')
    .set({ totpSecret: secret, totpLastStep: null, updatedAt: nowIso() })
    .where('id', '=', userId)
    .where('totpConfirmedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the authenticator and the recovery codes (a lost phone). */
export async function clearSecondFactor(db: Db, names: StaffTableNames, userId: number): Promise<void> {
  const staff = staffTables(db, names);
  await staff
    .updateTable('staffUsers')
    .set({ totpSecret: null, totpConfirmedAt: null, totpLastStep: null, updatedAt: nowIso() })
    .where('id', '=', userId)
    .execute();
  await staff.deleteFrom('staffRecoveryCodes').where('userId', '=', userId).execute();
}

/**
 * Accepts the TOTP time step `step` once: the row changes only when no later (or equal) step was
 * accepted before, so a code seen over a shoulder cannot be replayed, even by two requests at once.
 */
export async function acceptTotpStep(db: Db, names: StaffTableNames, userId: number, step: number, confirm: boolean): Promise<boolean> {
  const at = nowIso();
  const result = await staffTables(db, names)
    .updateTable('staffUsers')
    .set(confirm ? { totpLastStep: step, totpConfirmedAt: at, updatedAt: at } : { totpLastStep: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, names: StaffTableNames, userId: number, codeHashes: string[]): Promise<void> {
  const staff = staffTables(db, names);
  await staff.deleteFrom('staffRecoveryCodes').where('userId', '=', userId).execute();
  await staff
    .insertInto('staffRecoveryCodes')
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, usedAt: null })))
    .execute();
}

/** Uses one recovery code (one conditional UPDATE: two requests cannot both use it). */
export async function useRecoveryCode(db: Db, names: StaffTableNames, userId: number, codeHash: string): Promise<boolean> {
  const result = await staffTables(db, names)
    .updateTable('staffRecoveryCodes')
    .set({ usedAt: nowIso() })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db, names: StaffTableNames, userId: number): Promise<number> {
  const row = await staffTables(db, names)
    .selectFrom('staffRecoveryCodes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  // PostgreSQL answers a count as a string.
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Sessions

export interface StaffSessionRow {
  sessionId: number;
  userId: number;
  email: string;
  name: string;
  completedAt: string | null;
  lastSeenAt: string;
}

export async function insertSession(
  db: Db,
  names: StaffTableNames,
  values: { tokenHash: string; userId: number; completedAt: string | null; createdAt: string; expiresAt: string },
): Promise<void> {
  await staffTables(db, names)
    .insertInto('staffSessions')
    .values({ ...values, lastSeenAt: values.createdAt })
    .execute();
}

/** The live session of that token: unexpired, and used within the idle limit. */
export async function findSession(db: Db, names: StaffTableNames, tokenHash: string, now: string, idleCutoff: string): Promise<StaffSessionRow | null> {
  const row = await staffTables(db, names)
    .selectFrom('staffSessions')
    .innerJoin('staffUsers', 'staffUsers.id', 'staffSessions.userId')
    .select([
      'staffSessions.id as sessionId',
      'staffSessions.userId as userId',
      'staffUsers.email',
      'staffUsers.name',
      'staffSessions.completedAt as completedAt',
      'staffSessions.lastSeenAt',
    ])
    .where('staffSessions.tokenHash', '=', tokenHash)
    .where('staffSessions.expiresAt', '>', now)
    .where('staffSessions.lastSeenAt', '>', idleCutoff)
    .executeTakeFirst();
  return row ?? null;
}

export async function touchSession(db: Db, names: StaffTableNames, sessionId: number, now: string): Promise<void> {
  await staffTables(db, names).updateTable('staffSessions').set({ lastSeenAt: now }).where('id', '=', sessionId).execute();
}

/** Removes one session; false when it was already gone (used twice at once). */
export async function deleteSession(db: Db, names: StaffTableNames, sessionId: number): Promise<boolean> {
  const result = await staffTables(db, names).deleteFrom('staffSessions').where('id', '=', sessionId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteUserSessions(db: Db, names: StaffTableNames, userId: number): Promise<void> {
  await staffTables(db, names).deleteFrom('staffSessions').where('userId', '=', userId).execute();
}

// ---------------------------------------------------------------------------------------------
// Set-password links

export async function insertToken(db: Db, names: StaffTableNames, values: { tokenHash: string; userId: number; createdAt: string; expiresAt: string }): Promise<void> {
  const staff = staffTables(db, names);
  // A new link replaces any earlier unused one.
  await staff.updateTable('staffTokens').set({ usedAt: values.createdAt }).where('userId', '=', values.userId).where('usedAt', 'is', null).execute();
  await staff
    .insertInto('staffTokens')
    .values({ ...values, usedAt: null })
    .execute();
}

export async function findUsableToken(db: Db, names: StaffTableNames, tokenHash: string, now: string): Promise<{ id: number; userId: number } | null> {
  const row = await staffTables(db, names)
    .selectFrom('staffTokens')
    .select(['id', 'userId as userId'])
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function consumeToken(db: Db, names: StaffTableNames, id: number, now: string): Promise<boolean> {
  const result = await staffTables(db, names)
    .updateTable('staffTokens')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
