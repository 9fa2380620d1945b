// The media store behind one small, asynchronous, streaming interface (DESIGN §6, STYLE habit 6):
// uploads are written to a temporary object and become final only when promoted, after their
// database row is committed. Two implementations: the disk (MEDIA_DIR, the embedded default) and
// S3-compatible object storage (S3_BUCKET). One instance is built in app.ts (AppContext.media);
// nothing outside storage/ touches the file system for media (docs/decisions/010).
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface TempObject {
  tempKey: string;
  size: number;
}

export interface ObjectInfo {
  size: number;
  modifiedAt: Date;
  /** Opaque validator (without quotes), the same on every instance reading the same object. */
  etag: string;
  contentType: string;
}

export interface TempInfo {
  tempKey: string;
  modifiedAt: Date;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  info: ObjectInfo;
  /** The whole object, or the requested range of it. */
  body: Readable;
}

export interface PutOptions {
  /** The write fails (and leaves nothing) past this many bytes. */
  maxBytes?: number;
  contentType?: string;
}

/** A store that cannot be used as configured (wrong bucket, endpoint, keys): one line naming the variable. */
export class MediaStoreCheckError extends Error {
  override name = 'MediaStoreCheckError';
}

export class ObjectTooLargeError extends Error {
  override name = 'ObjectTooLargeError';
}

export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Proves at start that the store answers as configured; throws MediaStoreCheckError otherwise. */
  check(): Promise<void>;
  /** Streams a new temporary object; on any failure (a body cut short, over maxBytes) nothing is left behind. */
  putTemp(body: Readable | Buffer, options?: PutOptions): Promise<TempObject>;
  /** Makes a temporary object final under `name`. */
  promote(tempKey: string, name: string): Promise<void>;
  /** Renames a final object (a pending upload becoming public). Done already counts as done. */
  move(from: string, to: string): Promise<void>;
  head(name: string): Promise<ObjectInfo | null>;
  /** The object (or a byte range of it) as a stream; null when it does not exist. */
  get(name: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes a final object; a missing one is not an error. */
  delete(name: string): Promise<void>;
  discardTemp(tempKey: string): Promise<void>;
  /** A temporary object's bytes (the pieces of a resumable upload being put together); null when gone. */
  readTemp(tempKey: string): Promise<Readable | null>;
  /** Every final object's name (operators' checks and tests). */
  list(): Promise<string[]>;
  listTemp(): Promise<TempInfo[]>;
  /** Removes temporary objects last written before `olderThan` (uploads cut off by a crash). */
  sweepTemp(olderThan: Date): Promise<number>;
  close(): Promise<void>;
}

/**
 * Object names: a random key (optionally under `pending/`), an optional width, an extension.
 * Anything else (dots, slashes, `..`, the temp area) is never a stored object: this pattern is
 * what keeps `/media/*` inside the media root.
 */
export const OBJECT_NAME_PATTERN = /^(?:pending\/)?[A-Za-z0-9_-]{22}(?:(?:-\d{2,4}|-poster)?\.(?:jpg|webp|mp4)|-original\.video)$/;
export const TEMP_KEY_PATTERN = /^[a-f0-9]{32}$/;

export function isObjectName(name: string): boolean {
  return OBJECT_NAME_PATTERN.test(name);
}

/** `name`, when it is an object name: a store never reads or writes anything else. */
export function checkedObjectName(name: string): string {
  if (!isObjectName(name)) throw new Error(`Not a media object name: ${JSON.stringify(name)}`);
  return name;
}

/** A new temporary object's key (TEMP_KEY_PATTERN). */
export function newTempKey(): string {
  return randomBytes(16).toString('hex');
}

/** `tempKey`, when it is a temporary key. */
export function checkedTempKey(tempKey: string): string {
  if (!TEMP_KEY_PATTERN.test(tempKey)) throw new Error(`Not a temporary key: ${JSON.stringify(tempKey)}`);
  return tempKey;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
};

/** The type of a stored object, from its extension (the same on every store). */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
