// The price of a sale (issue 30 §6, docs/decisions/031): what the family paid the funeral home for
// the contract, in integer céntimos of a sol, typed by the adviser at the sale. The statement's
// amounts and commissions are sums of it. Sales made before this migration keep null: nobody typed
// their price, and the statement says so instead of inventing one.
import type { MigrationDef } from './helpers';

export function partnerSalePrice(): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('partner_sales').addColumn('price_cents', 'integer').execute();
    },
  };
}
