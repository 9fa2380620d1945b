// The back office's operators (issue 15): a role of its own, apart from accounts. Password plus a
// TOTP second factor; sessions of their own, short-lived; single-use set-password links; recovery
// codes stored as hashes.
import type { Dialect } from '../database';
import { withId, type MigrationDef } from './helpers';

export function operators(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await withId(db.schema.createTable('operators'), dialect)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        /** Base32 TOTP secret; set (unconfirmed) during enrolment, confirmed by a first valid code. */
        .addColumn('totp_secret', 'text')
        .addColumn('totp_confirmed_at', 'text')
        /** The last TOTP time step accepted: a code is never accepted twice. */
        .addColumn('totp_last_step', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('operator_sessions'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
        /** Null while only the password was checked: such a session can do nothing but the second step. */
        .addColumn('second_factor_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('operator_sessions_operator_idx').on('operator_sessions').column('operator_id').execute();

      await withId(db.schema.createTable('operator_tokens'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await withId(db.schema.createTable('operator_recovery_codes'), dialect)
        .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addUniqueConstraint('operator_recovery_codes_key', ['operator_id', 'code_hash'])
        .execute();
    },
  };
}
