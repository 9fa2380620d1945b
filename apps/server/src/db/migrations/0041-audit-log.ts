// The audit trail of every operator action (issue 15 §5): who, what, when, from which address.
// Rows are only ever inserted; the database refuses UPDATE and DELETE.
import type { Dialect } from '../database';
import { withId, type MigrationDef } from './helpers';
import { makeImmutable } from './helpers-immutable';

export function auditLog(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      // No foreign key to operators: the trail must outlive anything it names.
      await withId(db.schema.createTable('audit_log'), dialect)
        .addColumn('operator_id', 'integer')
        .addColumn('operator_email', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
      await db.schema.createIndex('audit_log_operator_idx').on('audit_log').columns(['operator_email', 'created_at']).execute();
      await makeImmutable(db, dialect, 'audit_log', 'audit trail');
    },
  };
}
