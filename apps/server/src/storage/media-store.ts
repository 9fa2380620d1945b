// The media store behind one small interface (DESIGN §6, STYLE habit 6): uploads are written to a
// temporary object and become final only when promoted, after their database row is committed.
// The disk implementation is the embedded default; an S3 implementation fits the same methods
// (temp objects under a prefix, promote = copy + delete, read = GetObject with Range).
import type { Readable } from 'node:stream';

export interface TempObject {
  tempKey: string;
  size: number;
}

export interface ObjectInfo {
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  /** Writes a new temporary object; on any failure nothing is left behind. */
  writeTemp(body: Readable | Buffer): Promise<TempObject>;
  /** Makes a temporary object final under `name`. */
  promote(tempKey: string, name: string): Promise<void>;
  /** Renames a final object (a pending upload becoming public). Done already counts as done. */
  move(from: string, to: string): Promise<void>;
  stat(name: string): Promise<ObjectInfo | null>;
  read(name: string, range?: ByteRange): Readable;
  /** Removes a final object; a missing one is not an error. */
  delete(name: string): Promise<void>;
  discardTemp(tempKey: string): Promise<void>;
  /** Removes temporary objects older than `olderThan` (uploads interrupted by a crash). */
  sweepTemp(olderThan: Date): Promise<number>;
}

/**
 * Object names: a random key (optionally under `pending/`), an optional width, an extension.
 * Anything else (dots, slashes, `..`, the temp folder) is never a stored object: this pattern is
 * what keeps `/media/*` inside the media root.
 */
export const OBJECT_NAME_PATTERN = /^(?:pending\/)?[A-Za-z0-9_-]{22}(?:-\d{2,4})?\.(?:jpg|webp|mp4)$/;

export function isObjectName(name: string): boolean {
  return OBJECT_NAME_PATTERN.test(name);
}
