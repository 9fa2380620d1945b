// The deceased's name as the funeral home typed it at the sale (issue 30 §3): the partner's list
// shows this, never the memorial's current name, which the family may change once it is theirs.
import { sql } from 'kysely';
import type { MigrationDef } from './helpers';

export function partnerSalePerson(): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('partner_sales').addColumn('person', 'text', (c) => c.notNull().defaultTo('')).execute();
      await sql`update partner_sales set person = (select m.fullname from contracts c join memorials m on m.id = c.memorial_id where c.id = partner_sales.contract_id)`.execute(db);
    },
  };
}
