// A relative without the code asks the family (issue 29 §1–3, docs/decisions/029): the requests
// waiting for an answer (kept at most 30 days with their personal data; one per person and memorial),
// the people let in with a personal link (only the link's hash is stored), the addresses a family
// blocked, and which personal link a guest session came from (such a session outlives a new access
// code and ends with the person's access).
import type { Dialect } from '../database';
import { withId, type MigrationDef } from './helpers';

export function accessRequests(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await withId(db.schema.createTable('access_requests'), dialect)
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        // The inbox the address reaches (mailboxOf): 'ana+1@…' and 'ana@…' are one person.
        .addColumn('mailbox', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('consent_text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        // When the family was told (its own e-mail, or the daily summary); null: the summary's to tell.
        .addColumn('mailed_at', 'text')
        .execute();
      await db.schema.createIndex('access_requests_person_unique').on('access_requests').columns(['memorial_id', 'mailbox']).unique().execute();
      await db.schema.createIndex('access_requests_created_idx').on('access_requests').column('created_at').execute();

      await withId(db.schema.createTable('access_grants'), dialect)
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('mailbox', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_opened_at', 'text')
        .execute();
      await db.schema.createIndex('access_grants_person_unique').on('access_grants').columns(['memorial_id', 'mailbox']).unique().execute();

      await withId(db.schema.createTable('access_blocks'), dialect)
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('mailbox', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('access_blocks_unique').on('access_blocks').columns(['memorial_id', 'mailbox']).unique().execute();

      await db.schema
        .alterTable('guest_sessions')
        .addColumn('grant_id', 'integer', (c) => c.references('access_grants.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('guest_sessions_grant_idx').on('guest_sessions').column('grant_id').execute();
    },
  };
}
