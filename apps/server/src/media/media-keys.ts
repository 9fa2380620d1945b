// How a post's or profile's media key maps to stored objects and to the paths the API answers.
// Keys are 128 random bits (unguessable). A guest's upload waits under `pending/` until the owner
// approves it (docs/decisions/002-pending-guest-media.md).
import { randomBytes } from 'node:crypto';
import { picturePath, pictureWidths, videoPath, type PictureKind } from '@recuerdos/shared/media';

export type MediaKind = 'picture' | 'video';

/** What a key holds: a post picture, a profile picture, or a video. */
export type MediaShape = { kind: 'picture'; picture: PictureKind } | { kind: 'video' };

const PENDING_PREFIX = 'pending/';

export function newMediaKey(pending: boolean): string {
  const key = randomBytes(16).toString('base64url');
  return pending ? PENDING_PREFIX + key : key;
}

export function isPendingKey(key: string): boolean {
  return key.startsWith(PENDING_PREFIX);
}

/** The key an approved upload moves to. */
export function publicKeyOf(key: string): string {
  return isPendingKey(key) ? key.slice(PENDING_PREFIX.length) : key;
}

/** A video's poster frame (issue 13 §3), beside it: `<key>-poster.jpg`. */
export const POSTER_SUFFIX = '-poster.jpg';

/**
 * A video that waits for its conversion (issue 26) is stored as it came, beside where the converted
 * one will be: `<key>-original.video`, never served. It is removed once the conversion has succeeded or failed.
 */
export const ORIGINAL_SUFFIX = '-original.video';

/** Suffixes of the stored objects of one key: `.jpg` plus `-<width>.webp`, or `.mp4` and its poster. */
export function objectSuffixes(shape: MediaShape): string[] {
  if (shape.kind === 'video') return ['.mp4', POSTER_SUFFIX];
  return ['.jpg', ...pictureWidths(shape.picture).map((width) => `-${width}.webp`)];
}

export function objectNames(key: string, shape: MediaShape): string[] {
  return objectSuffixes(shape).map((suffix) => key + suffix);
}

/** The path the API answers for a key ('' when there is no media). */
export function mediaPath(key: string | null, kind: MediaKind | null): string {
  if (!key || !kind) return '';
  return kind === 'video' ? videoPath(key) : picturePath(key);
}

export function postShape(kind: MediaKind): MediaShape {
  return kind === 'video' ? { kind: 'video' } : { kind: 'picture', picture: 'post' };
}

export const PROFILE_SHAPE: MediaShape = { kind: 'picture', picture: 'profile' };
