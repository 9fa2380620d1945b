// What every module gets: the edges (database, mail, limits) chosen by config.ts in app.ts.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { DatabaseHandle, Dialect } from './db/database';
import type { MailService } from './mail/mailer';
import type { RateLimiter } from './security/limiter';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  database: DatabaseHandle;
  mail: MailService;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Facts found at start (the demo seed's memorial), shown by the web app. */
  site: { demoIdentifier: string | null };
}
