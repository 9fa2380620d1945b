// What let a reminder subscriber see a private memorial (issue 31 §5, docs/decisions/023): the
// owner's own request, or the access code's version a guest held. A new code (or the switch to
// private) ends the subscriptions that hold no current access, as it ends guest sessions. Rows kept
// from before count as made with the current code of a private memorial (nothing else can be known,
// and ending them all at the upgrade would be worse).
// Also (issue 31 §6): ceremony titles saved before the form cleaned them are cleaned as places are.
import { sql, type Kysely } from 'kysely';
import { cleanLine } from '@recuerdos/shared/text';
import type { MigrationDef } from './helpers';

export function reminderAccess(): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('reminder_subscriptions').addColumn('by_owner', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('reminder_subscriptions').addColumn('access_code_version', 'integer').execute();
      await sql`update reminder_subscriptions set access_code_version = (
        select memorials.access_code_version from memorials where memorials.id = reminder_subscriptions.memorial_id and memorials.type = 'P'
      )`.execute(db);
      await cleanCeremonyTitles(db);
    },
  };
}

export async function cleanCeremonyTitles<DB>(db: Kysely<DB>): Promise<void> {
  const titled = await sql<{ id: number; title: string }>`select id, title from memorial_events where title <> ''`.execute(db);
  for (const { id, title } of titled.rows) {
    const clean = cleanLine(title).trim();
    if (clean !== title) await sql`update memorial_events set title = ${clean} where id = ${id}`.execute(db);
  }
}
