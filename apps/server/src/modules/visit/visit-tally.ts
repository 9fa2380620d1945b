// The visits counted by this instance and not yet written (issue 29 §4; docs/decisions/030): added
// in memory per (memorial, Lima day) and written every VISIT_FLUSH_MS in one statement, each row
// moved by its sum (visits = visits + n), so N instances add up in the database as one would. A
// counted visit then costs a map update instead of a commit (with SQLite, an fsync that holds the
// whole process). What a crash loses is at most one interval of counts; a graceful stop writes them.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findMemorialById } from '../memorial/memorial.repository';
import { addVisits, type VisitDelta } from './visit.repository';

export const VISIT_FLUSH_MS = 2_000;

/** Rows per statement: three parameters each, well under SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 500;

export class VisitTally {
  private pending = new Map<string, VisitDelta>();
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    intervalMs = VISIT_FLUSH_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  add(memorialId: number, day: string, visits = 1): void {
    const key = `${memorialId}|${day}`;
    const entry = this.pending.get(key);
    if (entry) entry.visits += visits;
    else this.pending.set(key, { memorialId, day, visits });
  }

  /** Writes what is pending (after any write in progress); what cannot be written now is kept. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
      const rows = batch.slice(start, start + ROWS_PER_STATEMENT);
      try {
        await addVisits(this.db, rows);
      } catch {
        await this.writeOneByOne(rows);
      }
    }
  }

  /**
   * A memorial deleted meanwhile fails the statement (its foreign key): row by row, its counts are
   * dropped and the others written, or kept for the next try while the database does not answer.
   */
  private async writeOneByOne(rows: readonly VisitDelta[]): Promise<void> {
    for (const row of rows) {
      try {
        await addVisits(this.db, [row]);
      } catch (err) {
        if (await memorialGone(this.db, row.memorialId)) continue;
        this.log.error({ err }, 'Visit counts could not be written; kept for the next try');
        this.add(row.memorialId, row.day, row.visits);
      }
    }
  }
}

async function memorialGone(db: Kysely<Database>, memorialId: number): Promise<boolean> {
  try {
    return (await findMemorialById(db, memorialId)) === null;
  } catch {
    return false;
  }
}
