// Every SQL statement of the complaints book. Rows are only ever inserted (the table refuses
// updates and deletes, migration 0004).
import type { Insertable, Kysely } from 'kysely';
import type { Complaint, ComplaintsTable, Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';

export function complaintNumber(year: number, seq: number): string {
  return `${year}-${String(seq).padStart(6, '0')}`;
}

const NUMBER_ATTEMPTS = 100;

/**
 * Inserts with the next number of the year. Two complaints filed at once may pick the same number:
 * the unique (year, seq) constraint refuses the second, which takes the next one.
 */
export async function insertComplaint(
  db: Kysely<Database>,
  values: Omit<Insertable<ComplaintsTable>, 'number' | 'seq'>,
): Promise<Complaint> {
  for (let attempt = 0; ; attempt++) {
    const top = await db
      .selectFrom('complaints')
      .select((eb) => eb.fn.max('seq').as('max'))
      .where('year', '=', values.year)
      .executeTakeFirst();
    const seq = (top?.max ?? 0) + 1;
    try {
      return await db
        .insertInto('complaints')
        .values({ ...values, seq, number: complaintNumber(values.year, seq) })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= NUMBER_ATTEMPTS) throw err;
    }
  }
}

export function allComplaints(db: Kysely<Database>): Promise<Complaint[]> {
  return db.selectFrom('complaints').selectAll().orderBy('year').orderBy('seq').execute();
}
