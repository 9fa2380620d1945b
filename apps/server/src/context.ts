// What every module gets: the edges (database, mail, limits, media store) chosen by config.ts in app.ts.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { DatabaseHandle, Dialect } from './db/database';
import type { MailService } from './mail/mailer';
import type { RateLimiter } from './security/limiter';
import type { AttemptGuard } from './security/attempt-guard';
import type { MediaStore } from './storage/media-store';
import type { JobRunner } from './jobs/runner';
import type { MediaLinks } from './media/media-links';
import type { VisitTally } from './modules/visit/visit-tally';
import type { PdfBuilder } from './pdf/pdf-pool';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  database: DatabaseHandle;
  mail: MailService;
  /** Pictures and videos: MEDIA_DIR or the S3 bucket, built once in app.ts. */
  media: MediaStore;
  /** The media paths handed to clients: immutable for public memorials, signed and expiring for private ones. */
  mediaLinks: MediaLinks;
  limiter: RateLimiter;
  /** Visits counted by this instance, written to the database in batches (issue 29 §4). */
  visits: VisitTally;
  /** Guessing limits (login, access codes) on top of the limiter: strict per address, a pause per target. */
  attempts: AttemptGuard;
  log: FastifyBaseLogger;
  /** The scheduled jobs (in-process, or graphile-worker on PostgreSQL). */
  jobs: JobRunner;
  /** Builds the PDF documents in worker threads, off the event loop (pdf/pdf-pool.ts). */
  pdf: PdfBuilder;
  /** The clock of the rules that depend on the date (contract ends, outbox retries); tests move it. */
  now: () => Date;
  /** Facts found at start (the demo seed's memorial), shown by the web app. */
  site: { demoIdentifier: string | null };
}
