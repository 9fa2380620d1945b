// Builds the Fastify app: the edges chosen by config (database, media store, mail, rate-limit store), the platform
// plugins (errors, bodies, security headers, limits), the feature modules under /api, and the web app.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import type { SiteConfig } from '@recuerdos/shared/site-config';
import { ConfigError, type Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ok } from './http/reply';
import { LOG_REDACT_PATHS, registerRequestLog, requestSerializer } from './http/logging';
import { MailService, mailTransportConfig } from './mail/mailer';
import { openMediaStore } from './storage/open-media-store';
import { MediaStoreCheckError } from './storage/media-store';
import { loadMediaLinkSecret, MediaLinks } from './media/media-links';
import { JOBS } from './jobs/registry';
import type { JobDef } from './jobs/job';
import { buildJobRunner } from './jobs/build-runner';
import { MAIL_OUTBOX_JOB } from './jobs/mail-outbox';
import { registerBodyParsing, BODY_LIMITS } from './plugins/body';
import { registerErrorHandlers } from './plugins/errors';
import { API_CEILINGS, registerSecurity } from './plugins/security';
import { HTTP_TIMEOUTS, registerSlowBodyGuard, serverTimeoutOptions, type HttpTimeouts } from './plugins/timeouts';
import { registerWebApp } from './plugins/web';
import { registerObservability, type Readiness } from './plugins/observability';
import { qrRoutes } from './modules/qr/qr.routes';
import { exportRoutes } from './modules/export/export.routes';
import { MemoryRateLimiter, RedisRateLimiter, createRedis } from './security/limiter';
import { AttemptGuard, realPause, type Pause } from './security/attempt-guard';
import { fastifyTrustProxy, warnWhenProxyUntrusted } from './security/client-address';
import { userRoutes } from './modules/user/user.routes';
import { contractRoutes } from './modules/contract/contract.routes';
import { complaintRoutes } from './modules/complaint/complaint.routes';
import { contentRoutes } from './modules/content/content.routes';
import { giftRoutes } from './modules/gift/gift.routes';
import { visitRoutes } from './modules/visit/visit.routes';
import { VisitTally } from './modules/visit/visit-tally';
import { guestRoutes } from './modules/guest/guest.routes';
import { guestPageRoutes } from './modules/guest-page/guest-page.routes';
import { doorRoutes } from './modules/doors/doors.routes';
import { accountPageRoutes } from './modules/account-page/account-page.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { personRoutes } from './modules/person/person.routes';
import { operatorRoutes } from './modules/operator/operator.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { reportRoutes } from './modules/report/report.routes';
import { remembranceRoutes } from './modules/remembrance/remembrance.routes';
import { partnerRoutes } from './modules/partner/partner.routes';
import { PARTNER_ROUTE_MODULES } from './modules/partner/partner.modules';
import { accessRequestRoutes } from './modules/access-requests/access-requests.routes';
import { createPdfPool } from './pdf/pdf-pool';

export interface BuildOptions {
  config: Config;
  /** Pino options, or false for no logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (tests read the lines); default stdout. */
  logStream?: { write(line: string): void };
  /** Per-address ceiling on /api reads per minute; 0 turns off every general ceiling (load benchmarks). */
  apiRequestsPerMinute?: number;
  /** Per-address ceiling on /api writes per minute (default: API_CEILINGS, or 0 when reads are 0). */
  apiWritesPerMinute?: number;
  /** The growing pause of the guessing limits (tests record it instead of waiting). */
  pause?: Pause;
  /** Header/body timeouts (tests use small windows). */
  http?: Partial<HttpTimeouts>;
  /** The clock of date-dependent rules (default: the wall clock); tests move it. */
  now?: () => Date;
  /** The scheduled jobs (default: jobs/registry.ts); tests add probes. */
  jobs?: JobDef[];
  /** Start the schedule (default true); the outbox is delivered either way. */
  schedule?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Set `draining` on SIGTERM: /api/ready turns 503 before the server stops (server.ts). */
  readiness: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const timeouts: HttpTimeouts = { ...HTTP_TIMEOUTS, ...options.http };
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: { req: requestSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Only our own proxies may name the client: a hop count or their addresses, never `true`.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeoutOptions(timeouts),
    bodyLimit: BODY_LIMITS.bodyBytes,
    // Deep links like /account/notifications must not be refused for a trailing slash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    return503OnClosing: true,
    // Fastify's two lines per request are replaced by one (http/logging.ts registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);

  const database = openDatabase(config.database, app.log);
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (err) {
    await database.close();
    throw err;
  }

  // The media store answers as configured, or the start stops with one line naming the variable.
  const media = openMediaStore(config);
  try {
    await media.check();
  } catch (err) {
    await media.close();
    await database.close();
    throw err instanceof MediaStoreCheckError ? new ConfigError(err.message) : err;
  }

  const redis = config.redisUrl
    ? createRedis(config.redisUrl, (err) => app.log.warn({ err }, 'Redis (rate limits) is unreachable'))
    : null;
  const limiter = redis ? new RedisRateLimiter(redis, `${config.redisPrefix}rl:`) : new MemoryRateLimiter();
  const now = options.now ?? (() => new Date());
  const mediaLinks = new MediaLinks(await loadMediaLinkSecret(database.db), now);
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    database,
    mail: new MailService(
      mailTransportConfig(config),
      app.log,
      { db: database.db, now },
    ),
    media,
    mediaLinks,
    limiter,
    visits: new VisitTally(database.db, app.log),
    attempts: new AttemptGuard(limiter, options.pause ?? realPause),
    log: app.log,
    site: { demoIdentifier: null },
    now,
    pdf: createPdfPool(),
    jobs: null as unknown as AppContext['jobs'],
  };
  ctx.jobs = buildJobRunner(ctx, options.jobs ?? JOBS);
  app.decorate('ctx', ctx);
  if (options.schedule ?? true) {
    ctx.mail.onQueued = (db) => ctx.jobs.soon(MAIL_OUTBOX_JOB, db);
    try {
      await ctx.jobs.start();
    } catch (err) {
      await ctx.visits.close();
      await limiter.close();
      await media.close();
      await database.close();
      throw err;
    }
  }

  // Close order on shutdown: in-flight requests finish first (Fastify), then jobs, PDF threads, mail, pending visit counts, limits, media, database.
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.pdf.close();
    await ctx.mail.close();
    await ctx.visits.close();
    await ctx.limiter.close();
    await ctx.media.close();
    await database.close();
  });

  registerErrorHandlers(app);
  warnWhenProxyUntrusted(app, config.trustProxy);
  registerSlowBodyGuard(app, timeouts);
  const readsPerMinute = options.apiRequestsPerMinute ?? API_CEILINGS.readsPerMinute;
  await registerSecurity(app, {
    https: config.publicUrl.startsWith('https://'),
    readsPerMinute,
    writesPerMinute: options.apiWritesPerMinute ?? (readsPerMinute === 0 ? 0 : API_CEILINGS.writesPerMinute),
    redis,
    redisPrefix: config.redisPrefix,
  });
  await registerBodyParsing(app);

  const readiness = registerObservability(app, ctx, redis);

  app.get('/api/health', async () => {
    await sql`select 1`.execute(ctx.db);
    return ok({ status: 'ok' });
  });

  // Feature modules (each a plugin under /api).
  await app.register(userRoutes, { prefix: '/api', ctx });
  await app.register(contractRoutes, { prefix: '/api', ctx });
  await app.register(qrRoutes, { prefix: '/api', ctx });
  for (const routes of [personRoutes, giftRoutes, visitRoutes, contentRoutes, uploadRoutes, guestRoutes, complaintRoutes, exportRoutes]) {
    await app.register(routes, { prefix: '/api', ctx });
  }
  // The back office (issue 15): operator login steps, then /api/admin/* behind an operator session.
  await app.register(reportRoutes, { prefix: '/api', ctx });
  await app.register(remembranceRoutes, { prefix: '/api', ctx });
  await app.register(accessRequestRoutes, { prefix: '/api', ctx });
  await app.register(operatorRoutes, { prefix: '/api', ctx });
  await app.register(adminRoutes, { prefix: '/api/admin', ctx });
  // The partner channel (issue 30): funeral homes' staff, behind a partner session of their own.
  await app.register(partnerRoutes, { prefix: '/api', ctx, modules: PARTNER_ROUTE_MODULES });
  await app.register(mediaRoutes, { ctx });
  // The server-rendered guest memorial and its one-read data endpoint, before the web app's catch-all.
  await app.register(guestPageRoutes, { ctx, siteConfig: () => siteConfig(ctx) });
  // The light doors '/' and '/login' (docs/decisions/015), also before the catch-all.
  await app.register(doorRoutes, { ctx, siteConfig: () => siteConfig(ctx) });
  // The account area's documents: private, and rendered with the owner's data (docs/decisions/028).
  await app.register(accountPageRoutes, { ctx, siteConfig: () => siteConfig(ctx) });

  await registerWebApp(app, { distDir: config.webDistDir, siteConfig: () => siteConfig(ctx) });

  return { app, ctx, readiness };
}

export function siteConfig(ctx: AppContext): SiteConfig {
  return {
    publicUrl: ctx.config.publicUrl,
    demoIdentifier: ctx.site.demoIdentifier,
    contact: ctx.config.contact,
    legal: ctx.config.legal,
  };
}
