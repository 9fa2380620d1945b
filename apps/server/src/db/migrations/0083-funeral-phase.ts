// The funeral phase (issue 30 §4, docs/decisions/031 §4): the last Lima day on which a memorial sold
// by a funeral home still shows its rites first and the funeral home's line; null when there is no
// phase (a memorial not sold by a partner) or when the family ended it. It lives on the memorial's
// row because that row is the guest page's cache stamp (decision 007): a change of it, or of Lima's
// day, renders the page again on every instance. Sales made before this migration get theirs from
// their rites (30 days after the last one), or from the sale's day when they had none.
import { sql } from 'kysely';
import type { MigrationDef } from './helpers';

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function funeralPhase(): MigrationDef {
  return {
    async up(db) {
      await db.schema.alterTable('memorials').addColumn('funeral_until', 'text').execute();
      const { rows } = await sql<{ memorial: number; rite: string | null; sold: string }>`
        select c.memorial_id as memorial, (select max(e.date) from memorial_events e where e.memorial_id = c.memorial_id) as rite, s.created_at as sold
        from partner_sales s join contracts c on c.id = s.contract_id`.execute(db);
      for (const row of rows) {
        // The sale's own instant in Lima (UTC−5 all year) when it named no rite.
        const from = row.rite ?? new Date(Date.parse(row.sold) - 5 * 3_600_000).toISOString().slice(0, 10);
        await sql`update memorials set funeral_until = ${addDays(from, 30)} where id = ${row.memorial}`.execute(db);
      }
    },
  };
}
