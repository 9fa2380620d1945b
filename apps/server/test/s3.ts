// S3 for tests with nothing installed by hand: s3rver started in this process on a free port, one
// bucket; or (TEST_S3_URL=https://KEY:SECRET@endpoint/bucket[?region=…]) a real bucket, each use
// under its own random prefix, emptied afterwards.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const require = createRequire(import.meta.url);

export const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  /** S3_* variables for loadConfig. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** The S3_* variables of a bucket reached by path (s3rver and most S3-compatible servers need it). */
function s3Env(b: { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string }): Record<string, string> {
  return {
    S3_BUCKET: b.bucket,
    S3_ENDPOINT: b.endpoint,
    S3_REGION: b.region,
    S3_ACCESS_KEY_ID: b.accessKeyId,
    S3_SECRET_ACCESS_KEY: b.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
  };
}

/** s3rver in this process on a free port with one empty bucket. */
export async function startS3rver(bucket = 'recuerdos-test'): Promise<TestS3> {
  const S3rver = require('s3rver') as S3rverClass;
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: s3Env({ bucket, endpoint, region: 'us-east-1', accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY }),
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The real bucket named by TEST_S3_URL, under a fresh prefix; null when the variable is not set. */
export function realBucket(): TestS3 | null {
  const raw = process.env.TEST_S3_URL;
  if (!raw) return null;
  const url = new URL(raw);
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  const endpoint = `${url.protocol}//${url.host}`;
  const region = url.searchParams.get('region') ?? 'us-east-1';
  const prefix = `recuerdos-test-${randomBytes(6).toString('hex')}/`;
  const credentials = { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) };
  return {
    endpoint,
    bucket,
    env: { ...s3Env({ bucket, endpoint, region, ...credentials }), S3_PREFIX: prefix },
    async close() {
      const client = new S3Client({
        region,
        endpoint,
        forcePathStyle: true,
        credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      for (const item of listed.Contents ?? []) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: item.Key }));
      client.destroy();
    },
  };
}
