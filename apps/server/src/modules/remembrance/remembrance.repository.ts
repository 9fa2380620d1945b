// The rows of ceremonies (issue 14 §2): a memorial's, in date order, and the memorial row a change
// touches (its whole row is part of the cached QR page's stamp); and which reminder subscriptions
// hold access to a private memorial (issue 31 §5, docs/decisions/023).
import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
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

export interface Subscriber {
  id: number;
  email: string;
}

type SubscriptionsWhere = ExpressionBuilder<Database, 'reminderSubscriptions'>;

/**
 * Subscriptions that may receive a memorial's reminders: all on a public memorial; on a private one
 * the owner's own, those asked under its current access code (decision 023), and those asked through
 * a personal link the family has not taken back (decision 029: the row goes with the grant).
 */
function holdingAccess(memorial: Pick<Memorial, 'type' | 'accessCodeVersion'>) {
  return (eb: SubscriptionsWhere) =>
    memorial.type === 'P'
      ? eb.or([eb('byOwner', '=', 1), eb('accessCodeVersion', '=', memorial.accessCodeVersion), eb('accessGrantId', 'is not', null)])
      : eb.lit(true);
}

/** The others, of a private memorial (written out: a null version must count as no access, not as unknown). */
function withoutAccess(memorial: Pick<Memorial, 'id' | 'accessCodeVersion'>) {
  return (eb: SubscriptionsWhere) =>
    eb.and([
      eb('memorialId', '=', memorial.id),
      eb('byOwner', '=', 0),
      eb('accessGrantId', 'is', null),
      eb.or([eb('accessCodeVersion', 'is', null), eb('accessCodeVersion', '!=', memorial.accessCodeVersion)]),
    ]);
}

/** The confirmed subscribers a memorial's reminders go to. */
export async function reminderRecipients(db: Executor, memorial: Memorial): Promise<Subscriber[]> {
  return db
    .selectFrom('reminderSubscriptions')
    .select(['id', 'email'])
    .where('memorialId', '=', memorial.id)
    .where('state', '=', 'confirmed')
    .where(holdingAccess(memorial))
    .orderBy('id')
    .execute();
}

/**
 * Deletes a private memorial's subscriptions (waiting or confirmed) that hold no current access, with
 * their deliveries; answers the confirmed ones deleted.
 */
export async function deleteSubscriptionsWithoutAccess(db: Executor, memorial: Memorial): Promise<Subscriber[]> {
  if (memorial.type !== 'P') return [];
  await db
    .deleteFrom('reminderDeliveries')
    .where('subscriptionId', 'in', (eb) => eb.selectFrom('reminderSubscriptions').select('id').where(withoutAccess(memorial)))
    .execute();
  const stale = await db.deleteFrom('reminderSubscriptions').where(withoutAccess(memorial)).returning(['id', 'email', 'state']).execute();
  return stale.filter((row) => row.state === 'confirmed').map(({ id, email }) => ({ id, email })).sort((a, b) => a.id - b.id);
}
