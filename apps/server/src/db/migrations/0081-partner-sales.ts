// A memorial sold at a funeral home (issue 30 §2, docs/decisions/031): one row next to the untouched
// contract, naming the partner, branch and seller, the family member's relationship, DNI and
// WhatsApp number, and the consent they gave, as shown and when.
import type { Dialect } from '../database';
import { withId, type MigrationDef } from './helpers';

export function partnerSales(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      await withId(db.schema.createTable('partner_sales'), dialect)
        .addColumn('contract_id', 'integer', (c) => c.notNull().unique().references('contracts.id').onDelete('cascade'))
        .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
        .addColumn('branch_id', 'integer', (c) => c.notNull().references('partner_branches.id'))
        .addColumn('seller_id', 'integer', (c) => c.notNull().references('partner_users.id'))
        .addColumn('relationship', 'text', (c) => c.notNull())
        .addColumn('family_dni', 'text', (c) => c.notNull())
        .addColumn('family_whatsapp', 'text', (c) => c.notNull())
        .addColumn('consent_text', 'text', (c) => c.notNull())
        .addColumn('consented_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('partner_sales_partner_idx').on('partner_sales').columns(['partner_id', 'created_at']).execute();
      await db.schema.createIndex('partner_sales_branch_idx').on('partner_sales').columns(['branch_id', 'created_at']).execute();
    },
  };
}
