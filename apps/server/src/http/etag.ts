// Validators (RFC 9110 §8.8.3, §13.1.2): opaque tags without quotes, and the If-None-Match check.
import { createHash } from 'node:crypto';

/** A tag for what a stamp describes: `g` and 162 bits of its SHA-256. */
export function etagOf(stamp: string): string {
  return `g${createHash('sha256').update(stamp).digest('base64url').slice(0, 27)}`;
}

/** If-None-Match: `*` or any listed tag, weak or strong, matches. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '') === etag);
}
