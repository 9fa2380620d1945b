// Builds the Fastify app: the edges chosen by config (database, mail, rate-limit store), the platform
// plugins (errors, bodies, security headers, limits), the feature modules under /api, and the web app.
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import type { SiteConfig } from '@recuerdos/shared/site-config';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ok } from './http/reply';
import { LOG_REDACT_PATHS, requestSerializer } from './http/logging';
import { MailService } from './mail/mailer';
import { registerBodyParsing, BODY_LIMITS } from './plugins/body';
import { registerErrorHandlers } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web';
import { qrRoutes } from './modules/qr/qr.routes';
import { exportRoutes } from './modules/export/export.routes';
import { MemoryRateLimiter, RedisRateLimiter, createRedis } from './security/limiter';
import { userRoutes } from './modules/user/user.routes';
import { contractRoutes } from './modules/contract/contract.routes';
import { complaintRoutes } from './modules/complaint/complaint.routes';
import { contentRoutes } from './modules/content/content.routes';
import { giftRoutes } from './modules/gift/gift.routes';
import { guestRoutes } from './modules/guest/guest.routes';
import { guestPageRoutes } from './modules/guest-page/guest-page.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { personRoutes } from './modules/person/person.routes';

export interface BuildOptions {
  config: Config;
  /** Pino options, or false for no logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Per-IP ceiling on /api requests per minute; 0 disables it (load benchmarks). */
  apiRequestsPerMinute?: number;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: { req: requestSerializer },
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMITS.bodyBytes,
    // Deep links like /account/notifications must not be refused for a trailing slash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    return503OnClosing: true,
  });

  const database = openDatabase(config.database, app.log);
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (err) {
    await database.close();
    throw err;
  }

  const redis = config.redisUrl
    ? createRedis(config.redisUrl, (err) => app.log.warn({ err }, 'Redis (rate limits) is unreachable'))
    : null;
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    database,
    mail: new MailService(
      { smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom },
      app.log,
    ),
    limiter: redis ? new RedisRateLimiter(redis, `${config.redisPrefix}rl:`) : new MemoryRateLimiter(),
    log: app.log,
    site: { demoIdentifier: null },
  };
  app.decorate('ctx', ctx);

  // Close order on shutdown: in-flight requests finish first (Fastify), then mail, limits, database.
  app.addHook('onClose', async () => {
    await ctx.mail.close();
    await ctx.limiter.close();
    await database.close();
  });

  registerErrorHandlers(app);
  await registerSecurity(app, {
    https: config.publicUrl.startsWith('https://'),
    perMinute: options.apiRequestsPerMinute ?? 600,
    redis,
    redisPrefix: config.redisPrefix,
  });
  await registerBodyParsing(app);

  app.get('/api/health', async () => {
    await sql`select 1`.execute(ctx.db);
    return ok({ status: 'ok' });
  });

  // Feature modules (each a plugin under /api).
  await app.register(userRoutes, { prefix: '/api', ctx });
  await app.register(contractRoutes, { prefix: '/api', ctx });
  await app.register(qrRoutes, { prefix: '/api', ctx });
  for (const routes of [personRoutes, giftRoutes, contentRoutes, guestRoutes, complaintRoutes, exportRoutes]) {
    await app.register(routes, { prefix: '/api', ctx });
  }
  await app.register(mediaRoutes, { ctx });
  // The server-rendered guest memorial and its one-read data endpoint, before the web app's catch-all.
  await app.register(guestPageRoutes, { ctx, siteConfig: () => siteConfig(ctx) });

  await registerWebApp(app, { distDir: config.webDistDir, siteConfig: () => siteConfig(ctx) });

  return { app, ctx };
}

export function siteConfig(ctx: AppContext): SiteConfig {
  return {
    publicUrl: ctx.config.publicUrl,
    demoIdentifier: ctx.site.demoIdentifier,
    contact: ctx.config.contact,
    legal: ctx.config.legal,
  };
}
