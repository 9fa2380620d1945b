// Media in S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, …): S3_BUCKET and friends.
// Objects live under S3_PREFIX: final ones by name, temporary ones under `.tmp/`. Uploads stream
// through lib-storage (multipart above 5 MiB, two parts in flight: memory stays bounded whatever the
// size); promoting is copy + delete. The SDK's default checksums are off (STACK.md): with them,
// streamed bodies go out `aws-chunked`, which some S3-compatible servers store with the framing inside.
// The SDK is loaded by the constructor, so an installation on disk never loads it (issue 25 §2).
import { createRequire } from 'node:module';
import { Readable, pipeline } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Storage from '@aws-sdk/lib-storage';
import type { Config } from '../config';
import { ByteLimit, checkBufferSize } from './byte-limit';
import {
  MediaStoreCheckError,
  TEMP_KEY_PATTERN,
  checkedObjectName,
  checkedTempKey,
  contentTypeOf,
  isObjectName,
  newTempKey,
  type ByteRange,
  type MediaStore,
  type ObjectInfo,
  type PutOptions,
  type StoredObject,
  type TempInfo,
  type TempObject,
} from './media-store';

/** The bucket and its credentials, as the configuration reads them from S3_* (config.ts). */
export type S3StoreConfig = NonNullable<Config['s3']>;

const TEMP_DIR = '.tmp/';
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 1;
const CHECK_TIMEOUT_MS = 10_000;
/**
 * What HeadObject said about an object, kept a little while: a final name never changes content, so
 * /media/* needs one round trip (GET) instead of two. Another instance deleting the object meanwhile
 * is no risk: the GET then finds nothing and the answer is 404.
 */
const HEAD_CACHE_MS = 60_000;
const HEAD_CACHE_ENTRIES = 5_000;

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function status(err: unknown): number | undefined {
  return (err as SdkError).$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as SdkError).name;
  return name === 'NotFound' || name === 'NoSuchKey' || status(err) === 404;
}

function stripQuotes(etag: string | undefined): string {
  return (etag ?? '').replace(/^W\//, '').replace(/"/g, '');
}

export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  readonly client: S3Sdk.S3Client;
  private readonly sdk: typeof S3Sdk;
  private readonly storage: typeof S3Storage;
  private readonly heads = new Map<string, { info: ObjectInfo; until: number }>();

  constructor(private readonly config: S3StoreConfig) {
    // The SDK is pinned to the last line that runs on Node 20 (STACK.md); its multi-line notice that
    // later lines will not would break the start's one-line messages. Set before the first client.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const load = createRequire(import.meta.url);
    this.sdk = load('@aws-sdk/client-s3') as typeof S3Sdk;
    this.storage = load('@aws-sdk/lib-storage') as typeof S3Storage;
    this.client = new this.sdk.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
    });
  }

  private key(name: string): string {
    return this.config.prefix + checkedObjectName(name);
  }

  private tempKey(tempKey: string): string {
    return this.config.prefix + TEMP_DIR + checkedTempKey(tempKey);
  }

  async check(): Promise<void> {
    const { bucket, endpoint, region } = this.config;
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    } catch (err) {
      const code = status(err);
      const e = err as SdkError;
      const where = endpoint ?? `AWS S3 (${region})`;
      if (code === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket') {
        throw new MediaStoreCheckError(`S3_BUCKET=${JSON.stringify(bucket)}: no such bucket at ${where}`);
      }
      if (code === 403 || code === 401) {
        throw new MediaStoreCheckError(
          `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: refused by bucket ${JSON.stringify(bucket)} at ${where} (wrong key or no permission)`,
        );
      }
      if (code === 301 || code === 400) {
        throw new MediaStoreCheckError(`S3_REGION=${JSON.stringify(region)}: bucket ${JSON.stringify(bucket)} answered ${code} (wrong region or endpoint?)`);
      }
      const reason = e.code ?? e.name ?? e.message ?? String(err);
      throw new MediaStoreCheckError(`S3_ENDPOINT=${JSON.stringify(endpoint ?? '')}: the S3 service does not answer (${reason}${code ? `, HTTP ${code}` : ''})`);
    }
  }

  async putTemp(body: Readable | Buffer, options: PutOptions = {}): Promise<TempObject> {
    const tempKey = newTempKey();
    const Key = this.tempKey(tempKey);
    const limit = new ByteLimit(options.maxBytes);
    let source: Readable | Buffer;
    const failed: { source: Error | null } = { source: null };
    if (Buffer.isBuffer(body)) {
      checkBufferSize(body, options.maxBytes);
      source = body;
    } else {
      // A failing body (a client hanging up, over the limit) fails the limiter, which fails the upload.
      source = pipeline(body, limit, (err) => {
        if (err) failed.source = err;
      });
    }
    const upload = new this.storage.Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key, Body: source, ContentType: options.contentType ?? 'application/octet-stream' },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      await upload.abort().catch(() => undefined);
      await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key })).catch(() => undefined);
      // The body's own failure (over the limit, not an MP4, a client hanging up) is the news, not
      // what the service said about the aborted multipart upload.
      throw failed.source ?? err;
    }
    return { tempKey, size: Buffer.isBuffer(body) ? body.length : limit.bytes };
  }

  private async copy(fromKey: string, toKey: string, contentType: string): Promise<void> {
    await this.client.send(
      new this.sdk.CopyObjectCommand({
        Bucket: this.config.bucket,
        Key: toKey,
        CopySource: `${this.config.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
        ContentType: contentType,
        MetadataDirective: 'REPLACE',
      }),
    );
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: fromKey }));
  }

  async promote(tempKey: string, name: string): Promise<void> {
    this.heads.delete(name);
    await this.copy(this.tempKey(tempKey), this.key(name), contentTypeOf(name));
  }

  async move(from: string, to: string): Promise<void> {
    this.heads.delete(from);
    this.heads.delete(to);
    try {
      await this.copy(this.key(from), this.key(to), contentTypeOf(to));
    } catch (err) {
      // A retried approval finds the object already moved.
      if (isNotFound(err) && (await this.head(to))) return;
      throw err;
    }
  }

  async head(name: string): Promise<ObjectInfo | null> {
    const cached = this.heads.get(name);
    if (cached && cached.until > Date.now()) return cached.info;
    try {
      const out = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(name) }));
      const info = {
        size: out.ContentLength ?? 0,
        modifiedAt: out.LastModified ?? new Date(0),
        etag: stripQuotes(out.ETag),
        contentType: contentTypeOf(name),
      };
      // Pending uploads move on approval: always asked afresh.
      if (!name.startsWith('pending/')) {
        if (this.heads.size >= HEAD_CACHE_ENTRIES) this.heads.clear();
        this.heads.set(name, { info, until: Date.now() + HEAD_CACHE_MS });
      }
      return info;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async get(name: string, range?: ByteRange): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.key(name),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const total = range ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1] ?? NaN) : (out.ContentLength ?? 0);
      return {
        info: {
          size: Number.isFinite(total) ? total : 0,
          modifiedAt: out.LastModified ?? new Date(0),
          etag: stripQuotes(out.ETag),
          contentType: contentTypeOf(name),
        },
        body: out.Body as Readable,
      };
    } catch (err) {
      if (isNotFound(err)) {
        this.heads.delete(name);
        return null;
      }
      throw err;
    }
  }

  async delete(name: string): Promise<void> {
    this.heads.delete(name);
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(name) }));
  }

  async discardTemp(tempKey: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.tempKey(tempKey) }));
  }

  async readTemp(tempKey: string): Promise<Readable | null> {
    try {
      const out = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.tempKey(tempKey) }));
      return out.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  private async *listKeys(prefix: string): AsyncGenerator<{ key: string; modifiedAt: Date }> {
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const item of out.Contents ?? []) {
        if (item.Key) yield { key: item.Key.slice(this.config.prefix.length), modifiedAt: item.LastModified ?? new Date(0) };
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  async list(): Promise<string[]> {
    const out: string[] = [];
    for await (const item of this.listKeys(this.config.prefix)) if (isObjectName(item.key)) out.push(item.key);
    return out.sort();
  }

  async listTemp(): Promise<TempInfo[]> {
    const out: TempInfo[] = [];
    for await (const item of this.listKeys(this.config.prefix + TEMP_DIR)) {
      const tempKey = item.key.slice(TEMP_DIR.length);
      if (TEMP_KEY_PATTERN.test(tempKey)) out.push({ tempKey, modifiedAt: item.modifiedAt });
    }
    return out;
  }

  async sweepTemp(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const temp of await this.listTemp()) {
      if (temp.modifiedAt < olderThan) {
        await this.discardTemp(temp.tempKey);
        removed += 1;
      }
    }
    return removed;
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}
