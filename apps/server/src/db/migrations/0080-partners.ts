// The partner channel (issue 30 §1, docs/decisions/031): funeral homes and camposantos, their
// branches (sedes) and staff. Staff are a role of their own, as operators are (013): their own
// rows, sessions, set-password links and recovery codes, never an account or an operator.
import type { Dialect } from '../database';
import { sqlIn, withId, type MigrationDef } from './helpers';

export function partners(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await withId(db.schema.createTable('partners'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('legal_name', 'text', (c) => c.notNull())
        .addColumn('ruc', 'text', (c) => c.notNull().unique())
        /** Media key of the logo, or null. */
        .addColumn('logo_key', 'text')
        /** Commission in basis points (1250 = 12.5 %): statements multiply integers. */
        .addColumn('commission_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('suspended_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('partner_branches'), dialect)
        .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('partner_branches_name_key', ['partner_id', 'name'])
        .execute();

      await withId(db.schema.createTable('partner_users'), dialect)
        .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
        /** An adviser's branch; null for an admin, who works across the partner's branches. */
        .addColumn('branch_id', 'integer', (c) => c.references('partner_branches.id'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().check(sqlIn('role', ['admin', 'adviser'])))
        .addColumn('password_hash', 'text')
        .addColumn('totp_secret', 'text')
        .addColumn('totp_confirmed_at', 'text')
        .addColumn('totp_last_step', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('partner_users_partner_idx').on('partner_users').column('partner_id').execute();

      await withId(db.schema.createTable('partner_sessions'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('partner_user_id', 'integer', (c) => c.notNull().references('partner_users.id').onDelete('cascade'))
        /**
         * When the sign-in was complete (an adviser: the password; an admin: the second factor). Null
         * while an admin gave only the password: such a session can do nothing but the second step.
         */
        .addColumn('completed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('partner_sessions_user_idx').on('partner_sessions').column('partner_user_id').execute();

      await withId(db.schema.createTable('partner_tokens'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('partner_user_id', 'integer', (c) => c.notNull().references('partner_users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await withId(db.schema.createTable('partner_recovery_codes'), dialect)
        .addColumn('partner_user_id', 'integer', (c) => c.notNull().references('partner_users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addUniqueConstraint('partner_recovery_codes_key', ['partner_user_id', 'code_hash'])
        .execute();
    },
  };
}
