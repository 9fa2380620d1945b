// The media paths handed to clients (issue 12 §6). A public memorial's pictures and videos keep their
// immutable `/media/<key>.<ext>` paths (a CDN may cache them forever). A private memorial's are signed
// and expire: `/media/s/<expiry>-<signature>/<key>.<ext>`. The signature sits in the path, so a video
// still ends in `.mp4` (spec §7's client recognises videos by that ending) and a picture's WebP
// variants (`<key>-<width>.webp`) are derived by the client from the same signed prefix.
//
// The signature is an HMAC over the memorial, its access-code version, the expiry and the key:
// a new access code ends every link handed out before it at once, and any link dies within the hour.
// The secret is shared by every instance through the database (app_secrets, migration 0050).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Memorial } from '../db/schema';
import { mediaPath, type MediaKind } from './media-keys';

/** What a link depends on: who the memorial is, whether it is private, and its code's version. */
export type MemorialMedia = Pick<Memorial, 'id' | 'type' | 'accessCodeVersion'>;

/** The path of one stored key for a client ('' when there is no media). */
export type MediaLink = (key: string | null | undefined, kind?: MediaKind | null) => string;

/** Signed links are issued per window, so the same page within it names the same URLs (browser cache). */
export const SIGNED_WINDOW_MS = 15 * 60_000;
/** A signed link lives between 45 and 60 minutes: it never outlives the hour. */
export const SIGNED_LIFETIME_MS = 60 * 60_000;

const SIGNED_PREFIX = 's/';
const SIGNATURE_BYTES = 18;
const SECRET_NAME = 'media-links';
/** `<expiry in base 36>-<signature>/<object name>` after `/media/s/`. */
const SIGNED_NAME = /^s\/([0-9a-z]{1,12})-([A-Za-z0-9_-]{24})\/(.+)$/;
/** An object name's key: the name without a WebP width or the extension. */
const OBJECT_SUFFIX = /(?:-\d{2,4}|-poster)?\.(?:jpg|webp|mp4)$/;

export function isPrivate(memorial: Pick<Memorial, 'type'>): boolean {
  return memorial.type !== 'U';
}

/** The key an object name belongs to (`abc-480.webp` → `abc`, `pending/abc.mp4` → `pending/abc`). */
export function keyOfObject(name: string): string {
  return name.replace(OBJECT_SUFFIX, '');
}

export type MediaRequest = { signed: false; name: string } | { signed: true; name: string; expiresAt: number; signature: string };

/** Splits a `/media/` path's tail into the object name and, when signed, its expiry and signature. */
export function parseMediaRequest(tail: string): MediaRequest | null {
  if (!tail.startsWith(SIGNED_PREFIX)) return { signed: false, name: tail };
  const match = SIGNED_NAME.exec(tail);
  if (!match) return null;
  const [, expiry = '', signature = '', name = ''] = match;
  return { signed: true, name, expiresAt: parseInt(expiry, 36), signature };
}

export class MediaLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => Date,
  ) {}

  /** The link maker for one memorial: plain paths when public, signed ones when private. */
  of(memorial: MemorialMedia): MediaLink {
    if (!isPrivate(memorial)) return (key, kind = 'picture') => mediaPath(key ?? null, kind ?? null);
    const expiresAt = this.expiryFor(this.now().getTime());
    return (key, kind = 'picture') => {
      const path = mediaPath(key ?? null, kind ?? null);
      if (!path || !key) return path;
      const token = `${expiresAt.toString(36)}-${this.sign(memorial, expiresAt, key)}`;
      return `/media/${SIGNED_PREFIX}${token}/${path.slice('/media/'.length)}`;
    };
  }

  /** What the links handed out now depend on besides the memorial: the window of a private one's. */
  windowOf(memorial: MemorialMedia): string {
    return isPrivate(memorial) ? String(this.expiryFor(this.now().getTime())) : 'plain';
  }

  /** Whether a signed request is valid for this memorial now (constant-time comparison). */
  verify(memorial: MemorialMedia, request: Extract<MediaRequest, { signed: true }>): boolean {
    const now = this.now().getTime();
    if (request.expiresAt <= now || request.expiresAt > now + SIGNED_LIFETIME_MS) return false;
    const expected = Buffer.from(this.sign(memorial, request.expiresAt, keyOfObject(request.name)));
    const given = Buffer.from(request.signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Seconds a signed response may stay in the browser's private cache (until the link expires). */
  secondsLeft(request: Extract<MediaRequest, { signed: true }>): number {
    return Math.max(0, Math.floor((request.expiresAt - this.now().getTime()) / 1000));
  }

  /**
   * A signature of `value` for another purpose than media (the reminders' unsubscribe links), with
   * the same installation secret: the purpose is part of what is signed, so no two uses mix.
   */
  signFor(purpose: string, value: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}|${value}`).digest().subarray(0, 16).toString('base64url');
  }

  verifyFor(purpose: string, value: string, signature: string): boolean {
    const expected = Buffer.from(this.signFor(purpose, value));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private expiryFor(now: number): number {
    return (Math.floor(now / SIGNED_WINDOW_MS) + SIGNED_LIFETIME_MS / SIGNED_WINDOW_MS) * SIGNED_WINDOW_MS;
  }

  private sign(memorial: MemorialMedia, expiresAt: number, key: string): string {
    return createHmac('sha256', this.secret)
      .update(`${memorial.id}:${memorial.accessCodeVersion}:${expiresAt}:${key}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  }
}

/**
 * The installation's link secret: created once by whichever instance starts first (a concurrent
 * start inserts nothing twice) and read by every other, so all instances sign alike.
 */
export async function loadMediaLinkSecret(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto('appSecrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('appSecrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/** The memorial a stored key belongs to (a post's media or a profile picture; a partner's logo as a public one), or null. */
export async function memorialOfKey(db: Kysely<Database>, key: string): Promise<MemorialMedia | null> {
  const viaPost = await db
    .selectFrom('posts')
    .innerJoin('memorials', 'memorials.id', 'posts.memorialId')
    .select(['memorials.id', 'memorials.type', 'memorials.accessCodeVersion'])
    .where('posts.mediaKey', '=', key)
    .executeTakeFirst();
  if (viaPost) return viaPost;
  const viaProfile = await db.selectFrom('memorials').select(['id', 'type', 'accessCodeVersion']).where('photoKey', '=', key).executeTakeFirst();
  if (viaProfile) return viaProfile;
  // A funeral home's logo (issue 30 §4) is public, as a public memorial's media are.
  const logo = await db.selectFrom('partners').select('id').where('logoKey', '=', key).executeTakeFirst();
  return logo ? PARTNER_LOGO_OWNER : null;
}

/** What a partner's logo answers as: public, like a public memorial's picture (never signed). */
const PARTNER_LOGO_OWNER: MemorialMedia = { id: 0, type: 'U', accessCodeVersion: 0 };
