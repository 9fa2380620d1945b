// The only reader of process.env (DESIGN §2). Every value is validated at start; a bad value stops
// the start with a message that names the variable and says what is expected.
import path from 'node:path';
import { z } from 'zod';
import type { SiteConfig } from '@recuerdos/shared/site-config';
import { parseTrustProxy, type TrustProxy } from './security/client-address';

const port = z.coerce.number().int().min(0).max(65535);
const bool01 = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const url = z.url({ protocol: /^https?$/ });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'expected sqlite:<file> or postgres://…')
    .optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool01.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.\-/]{1,200}$/, 'expected a key prefix such as media/ (letters, digits, _ . - /)')
    .optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, 'expected smtp://user:pass@host:port').optional(),
  MAIL_FROM: z.string().min(3).default('Recuerdos <no-reply@localhost>'),
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'expected redis://host:port').optional(),
  REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'expected up to 64 letters, digits, _ : . -').default('recuerdos:'),
  SEED_DEMO: bool01.optional(),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  BACKUP_KEY: z.string().min(32, 'expected at least 32 characters (for example the output of: openssl rand -base64 32)').optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  CONTACT_PHONE: z.string().min(3).default('+51 999 888 777'),
  CONTACT_EMAIL: z.email().default('contacto@recuerdos.pe'),
  CONTACT_WHATSAPP: z.string().regex(/^\d{6,15}$/, 'expected digits only, with country code (51999888777)').default('51999888777'),
  FACEBOOK_URL: url.default('https://www.facebook.com/recuerdos.pe'),
  INSTAGRAM_URL: url.default('https://www.instagram.com/recuerdos.pe'),
  TIKTOK_URL: url.default('https://www.tiktok.com/@recuerdos.pe'),
  LEGAL_NAME: z.string().min(3).default('Recuerdos Perú S.A.C.'),
  LEGAL_RUC: z.string().regex(/^\d{11}$/, 'expected the 11 digits of a RUC').default('20600000001'),
  LEGAL_ADDRESS: z.string().min(3).default('Av. Javier Prado Este 1234, San Isidro, Lima, Perú'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  mediaDir: string;
  webDistDir: string;
  s3: {
    bucket: string;
    endpoint: string | undefined;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
    /** Key prefix inside the bucket: '' or ending with '/'. */
    prefix: string;
  } | null;
  smtpUrl: string | null;
  mailFrom: string;
  redisUrl: string | null;
  /** Namespace of every key this installation writes to Redis (several installations, one Redis). */
  redisPrefix: string;
  seedDemo: boolean;
  /** /metrics is served only when set, and only to a request with `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** Signs the archives of `admin backup`; `admin restore` checks it (docs/decisions/022). */
  backupKey: string | null;
  /** On SIGTERM, /api/ready answers 503 this long before the server stops accepting requests. */
  shutdownDrainMs: number;
  /** Which hops may name the client in X-Forwarded-For: none, a hop count, or proxy addresses/ranges. */
  trustProxy: TrustProxy;
  logLevel: string;
  contact: SiteConfig['contact'];
  legal: SiteConfig['legal'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(defined[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'recuerdos.db')}`;
  const database: Config['database'] = databaseUrl.startsWith('sqlite:')
    ? { kind: 'sqlite', file: path.resolve(databaseUrl.slice('sqlite:'.length)) }
    : { kind: 'postgres', url: databaseUrl };
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/$/, '') : '',
        }
      : null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    // The embedded default (SQLite) seeds the demo unless told otherwise; PostgreSQL never by default.
    seedDemo: e.SEED_DEMO ?? database.kind === 'sqlite',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    backupKey: e.BACKUP_KEY ?? null,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    contact: {
      phone: e.CONTACT_PHONE,
      email: e.CONTACT_EMAIL,
      whatsapp: e.CONTACT_WHATSAPP,
      facebookUrl: e.FACEBOOK_URL,
      instagramUrl: e.INSTAGRAM_URL,
      tiktokUrl: e.TIKTOK_URL,
    },
    legal: { name: e.LEGAL_NAME, ruc: e.LEGAL_RUC, address: e.LEGAL_ADDRESS },
  };
}
