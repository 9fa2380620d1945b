// Reminders asked by someone the family let in with a personal link (issue 29 §2, decision 029): they
// follow that access, not the access code's version — kept when the code changes, ended when the
// family takes the access back (as the guest session is).
import type { MigrationDef } from './helpers';

export function reminderGrants(): MigrationDef {
  return {
    async up(db) {
      await db.schema
        .alterTable('reminder_subscriptions')
        .addColumn('access_grant_id', 'integer', (c) => c.references('access_grants.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('reminder_subscriptions_grant_idx').on('reminder_subscriptions').column('access_grant_id').execute();
    },
  };
}
