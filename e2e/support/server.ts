// The real server as a child process, on a free port, with a fresh data folder, the demo seed and
// an SMTP capture in this process, so e-mails can be read back (tests never look at the outbox).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
// The compiled server and CLI this run's global setup provides (its ProvidedContext type).
import type {} from '../../apps/server/test/compiled-server';
import { SmtpCapture } from '../../apps/server/test/smtp-capture';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  smtp: SmtpCapture;
  env: NodeJS.ProcessEnv;
  /** Everything the server printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}

/**
 * The compiled server and CLI: this test run's (the global setup's), or, outside Vitest (the
 * benchmarks of bench/), the ones `npm run build` writes to apps/server/dist.
 */
function compiled(): { server: string; admin: string } {
  try {
    return inject('compiledServer');
  } catch {
    const dist = path.join(ROOT, 'apps/server/dist');
    return { server: path.join(dist, 'server.js'), admin: path.join(dist, 'admin.js') };
  }
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run "npm run build" first (npm test does it).');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-e2e-'));
  const smtp = new SmtpCapture();
  await smtp.start();
  const baseUrl = `http://127.0.0.1:${port}`;

  // Never reach a developer's own services from a test.
  const inherited = new Set(['DATABASE_URL', 'MEDIA_DIR', 'S3_BUCKET', 'REDIS_URL', 'WEB_DIST_DIR', 'PUBLIC_URL', 'NODE_ENV']);
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !inherited.has(name)));
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    // No load balancer to drain for: stop at once on SIGTERM.
    SHUTDOWN_DRAIN_MS: '0',
    ...extraEnv,
  });

  let log = '';
  const child = spawn(process.execPath, [compiled().server], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(baseUrl, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, smtp, env, output, stop };
}

export interface CreatedContract {
  contract: string;
  identifier: string;
  email: string;
  activationUrl: string;
}

/**
 * The operator CLI (`npm run admin -- <args>`, compiled) against the test server's data; its stdout.
 * Asynchronous on purpose: the SMTP capture lives in this process and must keep answering while the
 * CLI mails.
 */
export async function runAdmin(server: TestServer, args: string[]): Promise<string> {
  const child = spawn(process.execPath, [compiled().admin, ...args], { cwd: ROOT, env: server.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (status !== 0) throw new Error(`admin ${args[0] ?? ''} failed (${status}):\n${stdout}\n${stderr}`);
  return stdout;
}

/** `admin create-contract … --json`; the contract and its activation link. */
export async function createContract(
  server: TestServer,
  options: { email: string; name: string; lastname: string; person: string; password?: string },
): Promise<CreatedContract> {
  const args = ['create-contract', '--email', options.email, '--name', options.name, '--lastname', options.lastname, '--person', options.person, '--json'];
  if (options.password) args.push('--password', options.password);
  const stdout = await runAdmin(server, args);
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (!line) throw new Error(`create-contract printed no JSON line:\n${stdout}`);
  const parsed = JSON.parse(line) as CreatedContract;
  if (!parsed.activationUrl) throw new Error(`create-contract printed no activationUrl:\n${line}`);
  return parsed;
}

/** A unique e-mail for one test, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@prueba.pe`;
}
