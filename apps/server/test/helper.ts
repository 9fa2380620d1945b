// Starts the real server (real database, real SMTP capture, temporary data folder) on a free port and
// speaks HTTP to it, as the browser does. One per test file: `const t = await startTestServer()`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '@recuerdos/shared/api-types';
import { buildApp, type BuildOptions } from '../src/app';
import type { Readiness } from '../src/plugins/observability';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { runStartupTasks } from '../src/startup';
import { createTestDatabase, testDialect, type TestDatabase } from './database';
import { SmtpCapture, type CapturedMail } from './smtp-capture';
import { startS3rver, type TestS3 } from './s3';

export interface StartOptions {
  /** Extra environment for loadConfig (e.g. { SEED_DEMO: '1' }). */
  env?: Record<string, string>;
  apiRequestsPerMinute?: number;
  apiWritesPerMinute?: number;
  /** Header/body timeouts (small windows for the slow-client tests). */
  http?: BuildOptions['http'];
  /** Run the start-up tasks (seed, sweeper) as `npm start` does. */
  startup?: boolean;
  /** The clock of date-dependent rules (contract ends, outbox retries). */
  now?: () => Date;
  /** The scheduled jobs (default: jobs/registry.ts). */
  jobs?: BuildOptions['jobs'];
  /** Receives the server's log lines at LOG_LEVEL (default: no logs). */
  logStream?: BuildOptions['logStream'];
  /** Extra routes for platform tests (registered before the server listens). */
  routes?: (app: FastifyInstance) => void;
  /**
   * Share another server's database, bucket and mail server (several instances of one installation). Without
   * it, each server gets its own database, and on PostgreSQL its own in-process S3 (s3rver).
   */
  shareWith?: TestServer;
  /** Store media in this bucket (owned by the caller), whatever the database. */
  s3?: TestS3;
}

export type BodyKind = 'multipart' | 'json' | 'form';

export interface RequestOptions {
  token?: string | null;
  guest?: string | null;
  as?: BodyKind;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export type Fields = Record<string, string | Blob | { blob: Blob; filename: string }>;

export class TestServer {
  constructor(
    readonly app: FastifyInstance,
    readonly ctx: AppContext,
    readonly config: Config,
    readonly url: string,
    readonly smtp: SmtpCapture,
    private readonly dataDir: string,
    readonly database: TestDatabase,
    /** The bucket this server stores media in (null: MEDIA_DIR on disk). */
    readonly s3: TestS3 | null,
    private readonly owned: { database: boolean; s3: boolean; smtp: boolean },
    /** Every pause the guessing limits asked for, in order (tests never wait them out). */
    readonly pauses: number[],
  ) {}

  /** Set `draining` to see /api/ready as during a graceful stop. */
  readiness: Readiness = { draining: false };

  get dialect() {
    return testDialect();
  }

  get db() {
    return this.ctx.db;
  }

  private headers(options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.token = options.token;
    if (options.guest) headers.guest = options.guest;
    return headers;
  }

  async get<T = Record<string, unknown>>(pathAndQuery: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const res = await fetch(this.url + pathAndQuery, { headers: this.headers(options) });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }

  /** POST a JSON body of any shape (numbers, booleans, absent fields), as the web client's JSON calls do. */
  async postJson<T = Record<string, unknown>>(pathName: string, body: Record<string, unknown>, options: Omit<RequestOptions, 'as'> = {}): Promise<ApiResponse<T>> {
    const res = await fetch(this.url + pathName, { method: 'POST', headers: { ...this.headers(options), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }

  /** POST as the browser's client does (multipart by default), or as JSON / url-encoded. */
  async post<T = Record<string, unknown>>(
    pathName: string,
    fields: Fields = {},
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers = this.headers(options);
    let body: RequestInit['body'];
    const as = options.as ?? 'multipart';
    if (as === 'json') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(fields);
    } else if (as === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(fields as Record<string, string>).toString();
    } else {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (typeof value === 'string') form.append(name, value);
        else if (value instanceof Blob) form.append(name, value, 'blob');
        else form.append(name, value.blob, value.filename);
      }
      body = form;
    }
    const res = await fetch(this.url + pathName, { method: 'POST', headers, body });
    const text = await res.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`Non-JSON reply (${res.status}) from ${pathName}: ${text.slice(0, 300)}`);
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** Delivers what the outbox holds now (as the mail-outbox job would; a claim keeps each message single), then waits for the rest. */
  async mailsSent(): Promise<void> {
    await this.ctx.mail.idle();
  }

  /**
   * The first e-mail matching `predicate`, after delivering the outbox here: tests do not wait on the
   * jobs layer's timing, which a busy machine stretches (the jobs' own tests cover it).
   */
  async mail(predicate: (mail: CapturedMail) => boolean): Promise<CapturedMail> {
    await this.mailsSent();
    return this.smtp.waitFor(predicate);
  }

  async close(): Promise<void> {
    // A keep-alive connection the test's fetch still holds as busy would keep the server open until
    // its 72 s keep-alive timeout: once the tests are done, cut what lingers after a moment.
    const linger = setTimeout(() => this.app.server.closeAllConnections(), 2000);
    linger.unref();
    await this.app.close();
    clearTimeout(linger);
    if (this.owned.smtp) await this.smtp.stop();
    if (this.owned.database) await this.database.drop();
    if (this.owned.s3) await this.s3?.close();
    await fs.rm(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * The scale path runs whole: on PostgreSQL, the rate limits live in Redis when TEST_REDIS_URL is set
 * (each server under its own key prefix, so parallel files and earlier runs never share a count).
 */
export function testRedisEnv(): Record<string, string> {
  const url = process.env.TEST_REDIS_URL;
  if (!url || testDialect() !== 'postgres') return {};
  return { REDIS_URL: url, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:` };
}

/** The scale path stores media in S3 too: on PostgreSQL, each server gets s3rver in this process. */
export async function testS3(): Promise<TestS3 | null> {
  return testDialect() === 'postgres' ? startS3rver() : null;
}

export const FIXTURE_WEB_DIST = path.join(import.meta.dirname, 'fixtures/web-dist');

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-test-'));
  const shared = options.shareWith;
  const database = shared ? shared.database : await createTestDatabase(dataDir);
  const s3 = shared ? shared.s3 : (options.s3 ?? (await testS3()));
  // Instances of one deployment share its mail server, as they share the database: whichever
  // instance delivers a queued message (its outbox claim decides), the test finds it in one place.
  const smtp = shared ? shared.smtp : new SmtpCapture();
  if (!shared) await smtp.start();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    SEED_DEMO: '0',
    WEB_DIST_DIR: FIXTURE_WEB_DIST,
    PUBLIC_URL: 'http://recuerdos.test',
    ...testRedisEnv(),
    ...(shared?.config.redisUrl ? { REDIS_URL: shared.config.redisUrl, REDIS_PREFIX: shared.config.redisPrefix } : {}),
    ...s3?.env,
    ...options.env,
  });
  const pauses: number[] = [];
  const { app, ctx, readiness } = await buildApp({
    config,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    apiRequestsPerMinute: options.apiRequestsPerMinute ?? 0,
    ...(options.apiWritesPerMinute !== undefined ? { apiWritesPerMinute: options.apiWritesPerMinute } : {}),
    ...(options.http ? { http: options.http } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    // The growing pause is recorded, not waited: tests read it from `pauses`.
    pause: (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    },
  });
  options.routes?.(app);
  if (options.startup) await runStartupTasks(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const server = new TestServer(app, ctx, config, `http://127.0.0.1:${port}`, smtp, dataDir, database, s3, { database: !shared, s3: !shared && !options.s3, smtp: !shared }, pauses);
  server.readiness = readiness;
  return server;
}
