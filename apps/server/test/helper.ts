// Starts the real server (real database, real SMTP capture, temporary data folder) on a free port and
// speaks HTTP to it, as the browser does. One per test file: `const t = await startTestServer()`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '@recuerdos/shared/api-types';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { runStartupTasks } from '../src/startup';
import { createTestDatabase, testDialect, type TestDatabase } from './database';
import { SmtpCapture } from './smtp-capture';

export interface StartOptions {
  /** Extra environment for loadConfig (e.g. { SEED_DEMO: '1' }). */
  env?: Record<string, string>;
  apiRequestsPerMinute?: number;
  /** Run the start-up tasks (seed, sweeper) as `npm start` does. */
  startup?: boolean;
  /** Extra routes for platform tests (registered before the server listens). */
  routes?: (app: FastifyInstance) => void;
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
    private readonly database: TestDatabase,
  ) {}

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

  /** Waits for queued e-mails to be handed to SMTP. */
  async mailsSent(): Promise<void> {
    await this.ctx.mail.idle();
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.smtp.stop();
    await this.database.drop();
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

export const FIXTURE_WEB_DIST = path.join(import.meta.dirname, 'fixtures/web-dist');

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-test-'));
  const database = await createTestDatabase(dataDir);
  const smtp = new SmtpCapture();
  await smtp.start();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    SEED_DEMO: '0',
    WEB_DIST_DIR: FIXTURE_WEB_DIST,
    PUBLIC_URL: 'http://recuerdos.test',
    ...testRedisEnv(),
    ...options.env,
  });
  const { app, ctx } = await buildApp({
    config,
    logger: false,
    apiRequestsPerMinute: options.apiRequestsPerMinute ?? 0,
  });
  options.routes?.(app);
  if (options.startup) await runStartupTasks(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new TestServer(app, ctx, config, `http://127.0.0.1:${port}`, smtp, dataDir, database);
}
