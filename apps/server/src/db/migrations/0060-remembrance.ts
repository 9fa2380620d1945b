// Remembrance dates and the rites (issue 14 §1, §2): the ceremonies a family announces, the people
// who asked to be reminded (double opt-in; the address is deleted when they leave or never confirm),
// each reminder sent (one row per subscriber and occasion, so a date is mailed once however many
// times the job runs), the owner's switch, and the headers an e-mail carries (List-Unsubscribe).
import type { Dialect } from '../database';
import { sqlIn, withId, type MigrationDef } from './helpers';

export function remembrance(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('memorials').addColumn('flag_reminders', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('mail_outbox').addColumn('headers', 'text', (c) => c.notNull().defaultTo('')).execute();

      await withId(db.schema.createTable('memorial_events'), dialect)
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('map_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('memorial_events_memorial_idx').on('memorial_events').columns(['memorial_id', 'date']).execute();
      await db.schema.createIndex('memorial_events_date_idx').on('memorial_events').column('date').execute();

      await withId(db.schema.createTable('reminder_subscriptions'), dialect)
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().check(sqlIn('state', ['pending', 'confirmed'])))
        .addColumn('confirm_token_hash', 'text')
        .addColumn('consent_text', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .execute();
      await db.schema.createIndex('reminder_subscriptions_unique').on('reminder_subscriptions').columns(['memorial_id', 'email']).unique().execute();
      await db.schema.createIndex('reminder_subscriptions_token_idx').on('reminder_subscriptions').column('confirm_token_hash').execute();

      await db.schema
        .createTable('reminder_deliveries')
        .addColumn('subscription_id', 'integer', (c) => c.notNull().references('reminder_subscriptions.id').onDelete('cascade'))
        .addColumn('occasion', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('reminder_deliveries_pk', ['subscription_id', 'occasion'])
        .execute();
    },
  };
}
