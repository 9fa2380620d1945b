// The answers to the complaints book and later notes (issue 15 §3), next to the complaint, which
// stays untouched. One answer per complaint (a unique partial index); entries are never changed or
// removed. And the public holidays operators add when Congress declares one.
import { sql } from 'kysely';
import type { Dialect } from '../database';
import { sqlIn, withId, type MigrationDef } from './helpers';
import { makeImmutable } from './helpers-immutable';

export function complaintAnswers(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await withId(db.schema.createTable('complaint_entries'), dialect)
        .addColumn('complaint_id', 'integer', (c) => c.notNull().references('complaints.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', ['answer', 'note'])))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('operator_id', 'integer', (c) => c.notNull())
        .addColumn('operator_name', 'text', (c) => c.notNull())
        /** The consumer's address the entry was e-mailed to, or null (an internal note). */
        .addColumn('emailed_to', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('complaint_entries_complaint_idx').on('complaint_entries').column('complaint_id').execute();
      await sql`create unique index complaint_entries_one_answer on complaint_entries (complaint_id) where kind = 'answer'`.execute(db);
      await makeImmutable(db, dialect, 'complaint_entries', 'Libro de Reclamaciones');

      await withId(db.schema.createTable('holidays'), dialect)
        .addColumn('date', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
