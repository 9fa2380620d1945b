// How many times each memorial was opened, per Lima day (issue 29 §4, docs/decisions/030): one row
// per memorial and day holding a count, and nothing about who opened it. Rows go with their memorial.
import { sql } from 'kysely';
import type { MigrationDef } from './helpers';

export function memorialVisits(): MigrationDef {
  return {
    async up(db) {
      await db.schema
        .createTable('memorial_visits')
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        /** Lima's calendar day, YYYY-MM-DD. */
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visits', 'integer', (c) => c.notNull().check(sql`visits >= 0`))
        .addPrimaryKeyConstraint('memorial_visits_pk', ['memorial_id', 'day'])
        .execute();
    },
  };
}
