// The SQL statements of operators' own rows. Their sessions, set-password links, authenticator and
// recovery codes are the staff realms' statements (staff-auth.repository.ts) on the operators* tables.
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

/** Operators who can log in (they receive the daily complaints e-mail). */
export function activeOperators(db: Kysely<Database>): Promise<{ email: string; name: string }[]> {
  return db.selectFrom('operators').select(['email', 'name']).where('passwordHash', 'is not', null).orderBy('id').execute();
}
