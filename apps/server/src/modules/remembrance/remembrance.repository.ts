// The rows of ceremonies (issue 14 §2): a memorial's, in date order, and the memorial row a change
// touches (its whole row is part of the cached QR page's stamp).
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, Memorial, MemorialEventsTable } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type EventRow = Omit<Selectable<MemorialEventsTable>, 'createdAt' | 'updatedAt'>;

export async function eventsOf(db: Executor, memorialId: number): Promise<EventRow[]> {
  return db
    .selectFrom('memorialEvents')
    .select(['id', 'memorialId', 'kind', 'title', 'date', 'time', 'place', 'mapUrl'])
    .where('memorialId', '=', memorialId)
    .orderBy('date')
    .orderBy('time')
    .orderBy('id')
    .execute();
}

export async function touchMemorial(db: Executor, memorial: Memorial, now: Date): Promise<void> {
  await db.updateTable('memorials').set({ updatedAt: now.toISOString() }).where('id', '=', memorial.id).execute();
}
