// A funeral home renamed (or given a new logo) reaches the QR pages that show it (issue 30 §4,
// docs/decisions/031 §4). The guest page's cache stamp is the memorial's row plus Lima's day; the
// partner's name is read only when a page in the funeral phase is rendered. So a trigger on the
// partner's name and logo touches, in the same statement, the memorials of that partner still in
// their phase (their last day not before Lima's today): their pages render again on every instance
// and their ETags change. Whatever writes the partner (back office, command line, a script) cannot
// forget it, and the hot path reads nothing more. Memorials whose phase ended show no partner, so
// they are left alone.
import { sql } from 'kysely';
import type { Dialect } from '../database';
import type { MigrationDef } from './helpers';

export function partnerNameStamp(dialect: Dialect): MigrationDef {
  return {
    async up(db) {
      if (dialect === 'sqlite') {
        // Lima is UTC−5 all year; the same ISO form the application writes.
        await sql`create trigger partners_touch_funeral_pages after update of name, logo_key on partners
          when old.name is not new.name or old.logo_key is not new.logo_key
          begin
            update memorials set updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            where funeral_until >= date('now', '-5 hours')
              and id in (select c.memorial_id from partner_sales s join contracts c on c.id = s.contract_id where s.partner_id = new.id);
          end`.execute(db);
        return;
      }
      await sql`create function touch_partner_funeral_pages() returns trigger language plpgsql as $$
        begin
          update memorials set updated_at = to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          where funeral_until >= to_char(clock_timestamp() at time zone 'America/Lima', 'YYYY-MM-DD')
            and id in (select c.memorial_id from partner_sales s join contracts c on c.id = s.contract_id where s.partner_id = new.id);
          return null;
        end $$`.execute(db);
      await sql`create trigger partners_touch_funeral_pages after update of name, logo_key on partners
        for each row when (old.name is distinct from new.name or old.logo_key is distinct from new.logo_key)
        execute function touch_partner_funeral_pages()`.execute(db);
    },
  };
}
