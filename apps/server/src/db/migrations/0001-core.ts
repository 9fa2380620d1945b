// Accounts, memorials, contracts, sessions, one-time tokens and disclaimers (DESIGN §5).
// Column names are written in snake_case: the same text runs with or without CamelCasePlugin.
import type { Dialect } from '../database';
import { sqlIn, withId, type MigrationDef } from './helpers';

export function core(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await withId(db.schema.createTable('accounts'), dialect)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('memorials'), dialect)
        .addColumn('identifier', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('fullname', 'text', (c) => c.notNull())
        .addColumn('birthdate', 'text')
        .addColumn('deathdate', 'text')
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('photo_key', 'text')
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('P').check(sqlIn('type', ['P', 'U'])))
        .addColumn('access_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('access_code_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('flag_picture', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('flag_message', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('flag_notification', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('candles', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('flowers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('memorials_account_idx').on('memorials').column('account_id').execute();

      await withId(db.schema.createTable('contracts'), dialect)
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending').check(sqlIn('state', ['pending', 'active', 'expired'])))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('activated_at', 'text')
        .addColumn('expires_on', 'text')
        .execute();
      await db.schema.createIndex('contracts_memorial_idx').on('contracts').column('memorial_id').execute();

      await withId(db.schema.createTable('sessions'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('memorial_id', 'integer', (c) => c.references('memorials.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('replaced_at', 'text')
        .execute();
      await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

      await withId(db.schema.createTable('guest_sessions'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('access_code_version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('replaced_at', 'text')
        .execute();
      await db.schema.createIndex('guest_sessions_memorial_idx').on('guest_sessions').column('memorial_id').execute();

      await withId(db.schema.createTable('one_time_tokens'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('purpose', 'text', (c) => c.notNull().check(sqlIn('purpose', ['password_reset', 'contract_activation'])))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('contract_id', 'integer', (c) => c.references('contracts.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await withId(db.schema.createTable('disclaimers'), dialect)
        .addColumn('memorial_id', 'integer', (c) => c.notNull().references('memorials.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull().check(sqlIn('type', ['R', 'W'])))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('descr', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('disclaimers_memorial_idx').on('disclaimers').column('memorial_id').execute();
    },
  };
}

