// Every SQL statement of the accounts feature (login, sessions' memorial, passwords).
import type { Kysely } from 'kysely';
import type { Account, Database, Memorial } from '../../db/schema';
import { nowIso } from '../../db/database';
import * as memorials from '../memorial/memorial.repository';
import { findFirstMemorialOfAccount } from '../memorial/memorial.repository';

export type SessionMemorial = Pick<Memorial, 'id' | 'identifier' | 'accountId' | 'photoKey' | 'type' | 'accessCodeVersion'>;

export async function findAccountByEmail(db: Kysely<Database>, email: string): Promise<Account | null> {
  return (await db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst()) ?? null;
}

export async function findAccountById(db: Kysely<Database>, id: number): Promise<Account | null> {
  return (await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The memorial a new session starts on: the account's first (by creation order). */
export const findFirstMemorial = (db: Kysely<Database>, accountId: number): Promise<SessionMemorial | null> => findFirstMemorialOfAccount(db, accountId);
export const findMemorialById = (db: Kysely<Database>, id: number): Promise<SessionMemorial | null> => memorials.findMemorialById(db, id);
export const findMemorialByIdentifier = (db: Kysely<Database>, identifier: string): Promise<SessionMemorial | null> =>
  memorials.findMemorialByIdentifier(db, identifier);

export async function setPasswordHash(db: Kysely<Database>, accountId: number, passwordHash: string): Promise<void> {
  await db.updateTable('accounts').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', accountId).execute();
}

/** Sessions of the account that were rotated before `cutoff` (no longer accepted anyway). */
export async function deleteRotatedSessions(db: Kysely<Database>, accountId: number, cutoff: Date): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('accountId', '=', accountId)
    .where('replacedAt', 'is not', null)
    .where('replacedAt', '<=', nowIso(cutoff))
    .execute();
}
