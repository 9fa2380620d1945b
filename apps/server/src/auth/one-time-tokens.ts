// Single-use tokens sent by e-mail: password reset (and first password) links and contract
// activation links (DESIGN §4). Like sessions, only the hash is stored; a token is valid while
// unused and unexpired, and using it is one conditional UPDATE, so two clicks cannot both win.
import type { Kysely } from 'kysely';
import type { Database, OneTimeToken, OneTimeTokenPurpose } from '../db/schema';
import { nowIso } from '../db/database';
import { hashToken, newToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 3600_000;
/** The first-password link of the 'contract approved' e-mail: people open it later than a reset. */
export const FIRST_PASSWORD_TOKEN_TTL_MS = 24 * 3600_000;
export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 3600_000;

export interface NewOneTimeToken {
  purpose: OneTimeTokenPurpose;
  accountId: number;
  contractId?: number | null;
  ttlMs: number;
}

export async function createOneTimeToken(db: Kysely<Database>, spec: NewOneTimeToken, now = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('oneTimeTokens')
    .values({
      tokenHash: hashToken(token),
      purpose: spec.purpose,
      accountId: spec.accountId,
      contractId: spec.contractId ?? null,
      createdAt: nowIso(now),
      expiresAt: nowIso(new Date(now.getTime() + spec.ttlMs)),
      usedAt: null,
    })
    .execute();
  return token;
}

/** The row of that token and purpose, whatever its state. */
function tokenQuery(db: Kysely<Database>, token: string, purpose: OneTimeTokenPurpose) {
  return db.selectFrom('oneTimeTokens').selectAll().where('tokenHash', '=', hashToken(token)).where('purpose', '=', purpose);
}

/** The unused, unexpired token of that purpose, or null. */
export async function findUsableToken(
  db: Kysely<Database>,
  token: string,
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<OneTimeToken | null> {
  const row = await tokenQuery(db, token, purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso(now))
    .executeTakeFirst();
  return row ?? null;
}

/** The token row whatever its state (to tell "already used" apart from "never existed"). */
export async function findTokenAnyState(
  db: Kysely<Database>,
  token: string,
  purpose: OneTimeTokenPurpose,
): Promise<OneTimeToken | null> {
  return (await tokenQuery(db, token, purpose).executeTakeFirst()) ?? null;
}

/** Marks the token used; false when another request used it first (or it expired meanwhile). */
export async function consumeToken(db: Kysely<Database>, id: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('oneTimeTokens')
    .set({ usedAt: nowIso(now) })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every outstanding token of that purpose for the account (a password was just set). */
export async function consumeAccountTokens(
  db: Kysely<Database>,
  accountId: number,
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('oneTimeTokens')
    .set({ usedAt: nowIso(now) })
    .where('accountId', '=', accountId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}
