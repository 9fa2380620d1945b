// The operations layer (issue 16): a record of every job run (`admin jobs`), the mail outbox that
// every e-mail is written to in the transaction of its cause, and the contract notices already
// sent (each notice once per last day of service; a renewal to a new day sends them again).
import type { Dialect } from '../database';
import { sqlIn, withId, type MigrationDef } from './helpers';

export function jobsAndOutbox(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await withId(db.schema.createTable('job_runs'), dialect)
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull().check(sqlIn('trigger', ['schedule', 'manual'])))
        // The cron occurrence this run is for (null for a manual run).
        .addColumn('occurrence', 'text')
        .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('outcome', 'text', (c) => c.notNull().check(sqlIn('outcome', ['running', 'ok', 'failed'])))
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('instance', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('job_runs_job_idx').on('job_runs').columns(['job', 'started_at']).execute();

      await withId(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().check(sqlIn('state', ['queued', 'sent', 'failed'])))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['state', 'next_attempt_at']).execute();

      await db.schema
        .createTable('contract_notices')
        .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', ['30-days', '7-days', 'expired'])))
        .addColumn('expires_on', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('contract_notices_pk', ['contract_id', 'kind', 'expires_on'])
        .execute();
    },
  };
}
