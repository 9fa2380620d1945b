// The memorial as other modules need it (issue 11 §7): found by identifier or a clear 404, its
// visibility, and the owner's settings. The SQL is in memorial.repository.ts.
import type { Kysely } from 'kysely';
import type { Database, Memorial } from '../../db/schema';
import { AppError, MESSAGES_HTTP } from '../../http/errors';
import * as repo from './memorial.repository';

export const memorialNotFound = () => new AppError(404, MESSAGES_HTTP.memorialNotFound);

/** The memorial named by `identifier`; 404 with the spec's message when there is none. */
export async function requireMemorial(db: Kysely<Database>, identifier: string): Promise<Memorial> {
  const memorial = await repo.findMemorialByIdentifier(db, identifier);
  if (!memorial) throw memorialNotFound();
  return memorial;
}

/** Public memorials (type U) are open to anyone; private ones (P) need the access code. */
export function isPublicMemorial(memorial: Pick<Memorial, 'type'>): boolean {
  return memorial.type === 'U';
}

export type OwnerFlag = 'flagPicture' | 'flagMessage' | 'flagNotification' | 'flagShareCode';

/** The owner's settings: visibility, access code, and what visitors may send. */
export const memorialSettings = {
  setType: (db: Kysely<Database>, id: number, type: Memorial['type']) => repo.updateMemorial(db, id, { type }),
  setFlag: (db: Kysely<Database>, id: number, flag: OwnerFlag, on: boolean) => repo.updateMemorial(db, id, { [flag]: on ? 1 : 0 }),
  setAccessCode: (db: Kysely<Database>, memorial: Memorial, code: string) =>
    memorial.accessCode === code ? Promise.resolve(memorial) : repo.changeAccessCode(db, memorial.id, code),
};
