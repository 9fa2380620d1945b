// Every SQL statement of the complaints book. Rows are only ever inserted (the table refuses
// updates and deletes, migration 0004).
import type { Insertable, Kysely } from 'kysely';
import type { Complaint, ComplaintEntriesTable, ComplaintEntry, ComplaintsTable, Database, Holiday, HolidaysTable } from '../../db/schema';
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

// ---------------------------------------------------------------------------------------------
// The back office (issue 15 §3): answers and notes (insert only: migration 0042 refuses changes),
// and the holidays operators add.

export function complaintsOfYear(db: Kysely<Database>, year: number): Promise<Complaint[]> {
  return db.selectFrom('complaints').selectAll().where('year', '=', year).orderBy('seq').execute();
}

/** Complaints without an answer, of any year (the ones whose deadline may be near or past). */
export function unansweredComplaints(db: Kysely<Database>): Promise<Complaint[]> {
  return db
    .selectFrom('complaints')
    .selectAll()
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('complaintEntries')
            .select('complaintEntries.id')
            .whereRef('complaintEntries.complaintId', '=', 'complaints.id')
            .where('complaintEntries.kind', '=', 'answer'),
        ),
      ),
    )
    .orderBy('year')
    .orderBy('seq')
    .execute();
}

export async function findComplaintByNumber(db: Kysely<Database>, number: string): Promise<Complaint | null> {
  return (await db.selectFrom('complaints').selectAll().where('number', '=', number).executeTakeFirst()) ?? null;
}

export async function entriesOf(db: Kysely<Database>, complaintIds: number[]): Promise<ComplaintEntry[]> {
  if (complaintIds.length === 0) return [];
  const rows: ComplaintEntry[] = [];
  // Bounded IN lists (SQLite's parameter limit).
  for (let i = 0; i < complaintIds.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom('complaintEntries')
        .selectAll()
        .where('complaintId', 'in', complaintIds.slice(i, i + 500))
        .orderBy('id')
        .execute()),
    );
  }
  return rows;
}

/**
 * The funeral home that sold each of these contracts (issue 30 §6), by contract number as the
 * complaint names it (trimmed, upper case); contracts sold by us are absent.
 */
export async function partnersOfContracts(db: Kysely<Database>, numbers: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(numbers.map(contractNumberOf).filter(Boolean))];
  const found = new Map<string, string>();
  // Bounded IN lists (SQLite's parameter limit).
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('contracts')
      .innerJoin('partnerSales', 'partnerSales.contractId', 'contracts.id')
      .innerJoin('partners', 'partners.id', 'partnerSales.partnerId')
      .select(['contracts.number', 'partners.name'])
      .where('contracts.number', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.number, row.name);
  }
  return found;
}

/** A contract number as typed by the consumer, as contracts store it. */
export function contractNumberOf(text: string): string {
  return text.trim().toUpperCase();
}

export function insertEntry(db: Kysely<Database>, values: Insertable<ComplaintEntriesTable>): Promise<ComplaintEntry> {
  return db.insertInto('complaintEntries').values(values).returningAll().executeTakeFirstOrThrow();
}

export function listHolidays(db: Kysely<Database>): Promise<Holiday[]> {
  return db.selectFrom('holidays').selectAll().orderBy('date').execute();
}

export async function holidayDates(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('holidays').select('date').execute();
  return new Set(rows.map((r) => r.date));
}

export async function insertHoliday(db: Kysely<Database>, values: Insertable<HolidaysTable>): Promise<Holiday> {
  return db.insertInto('holidays').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteHoliday(db: Kysely<Database>, date: string): Promise<Holiday | null> {
  return (await db.deleteFrom('holidays').where('date', '=', date).returningAll().executeTakeFirst()) ?? null;
}
