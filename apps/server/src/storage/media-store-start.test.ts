// A clear start (issue 11 §3): the real server, spawned as `npm start` runs it, against s3rver with
// one wrong S3 variable, stops with exit code 1 and one line naming that variable, no stack trace.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startS3rver, type TestS3 } from '../../test/s3';

// The compiled server, as `npm start` runs it (apps/server/test/compiled-server.ts).
const serverEntry = inject('compiledServer').server;
let s3: TestS3;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3rver();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-start-'));
});
afterAll(async () => {
  await s3.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: '0',
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a wrong S3 setting stops the start with one line', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['an unknown bucket', { S3_BUCKET: 'no-existe' }, /^S3_BUCKET="no-existe": no such bucket at http:\/\/127\.0\.0\.1:\d+$/],
    ['an unknown access key', { S3_ACCESS_KEY_ID: 'NOEXISTE' }, /^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: refused by bucket "recuerdos-test"/],
    ['an endpoint nobody answers', { S3_ENDPOINT: 'http://127.0.0.1:9' }, /^S3_ENDPOINT="http:\/\/127\.0\.0\.1:9": the S3 service does not answer/],
    ['a missing secret', { S3_SECRET_ACCESS_KEY: '' }, /S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too/],
  ];
  it.each(cases)('%s', async (_name, change, message) => {
    const { code, stderr } = await start({ ...s3.env, ...change });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(message);
    expect(stderr).not.toMatch(/^\s+at /m);
    // Store failures are one line; a missing variable keeps the configuration's two-line form.
    expect(lines.length).toBeLessThanOrEqual(change.S3_SECRET_ACCESS_KEY === '' ? 2 : 1);
  });
});
