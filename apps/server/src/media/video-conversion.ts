// Converting the videos that do not play everywhere (issue 26; docs/decisions/027-video-pipeline.md).
// The queue is the `video_conversions` table: any instance takes the oldest conversion nobody holds,
// holding it with a lease as long as the conversion may take; an instance killed mid-way leaves it to
// another once the lease has run out. The `video-convert` job drains the queue: asked for soon after
// each upload, and every minute for what a killed instance left. Each instance converts at most
// VIDEO_CONVERSIONS at once (default 1), with VIDEO_CONVERT_THREADS encoder threads at a lower
// priority. On S3 the original is downloaded to this instance's scratch folder, converted there, and
// the result uploaded. After the last attempt, the post tells its uploader why and the original goes.
import { guestUrl } from '../http/links';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { Database } from '../db/schema';
import { INSTANCE_ID } from '../jobs/record';
import type { JobDef } from '../jobs/job';
import { videoFailedMail } from '../modules/content/content.mails';
import { publicKeyOf } from './media-keys';
import { StagedMedia } from './staged-media';
import { conversionTimeLimitMs, convertVideo, posterFrame, probeVideo, scratchFolder, VIDEO_MESSAGES } from './video-processing';

export const VIDEO_CONVERT_JOB = 'video-convert';

/** Attempts of one conversion (a killed instance's counts) before the uploader is told it failed. */
export const CONVERSION_ATTEMPTS = 3;
/** What a lease holds beyond the conversion's own time limit (download, poster, upload). */
const LEASE_MARGIN_MS = 5 * 60_000;
/** How often the owner's progress is written at most. */
const PROGRESS_EVERY_MS = 2_000;

export interface ConversionSettings {
  /** Conversions this instance runs at once. */
  perInstance: number;
  /** Encoder threads of one conversion. */
  threads: number;
}

export function conversionSettings(env: NodeJS.ProcessEnv = process.env): ConversionSettings {
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return { perInstance: positive(env.VIDEO_CONVERSIONS, 1), threads: positive(env.VIDEO_CONVERT_THREADS, 1) };
}

/** Queues the conversion of a post's original (in the transaction or database of the post's row). */
export async function queueConversion(db: Kysely<Database>, postId: number, source: string, duration: number): Promise<void> {
  await db.insertInto('videoConversions').values({ postId, source, duration, leaseUntil: null, instance: null, createdAt: nowIso() }).execute();
}

type ConversionRow = Awaited<ReturnType<typeof claimNext>>;

/** Takes the oldest conversion nobody holds, for as long as it may take; null when there is none. */
async function claimNext(ctx: AppContext): Promise<{ postId: number; source: string; duration: number; attempts: number } | null> {
  const now = ctx.now();
  for (let tries = 0; tries < 5; tries++) {
    const free = await ctx.db
      .selectFrom('videoConversions')
      .select(['postId', 'duration', 'leaseUntil'])
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', nowIso(now))]))
      .orderBy('createdAt')
      .orderBy('postId')
      .limit(1)
      .executeTakeFirst();
    if (!free) return null;
    const leaseUntil = nowIso(new Date(now.getTime() + conversionTimeLimitMs(free.duration) + LEASE_MARGIN_MS));
    // Only if nobody took it since: of two instances, one wins.
    const taken = await ctx.db
      .updateTable('videoConversions')
      .set((eb) => ({ leaseUntil, instance: INSTANCE_ID, attempts: eb('attempts', '+', 1), progress: 0 }))
      .where('postId', '=', free.postId)
      .where((eb) => (free.leaseUntil === null ? eb('leaseUntil', 'is', null) : eb('leaseUntil', '=', free.leaseUntil)))
      .returning(['postId', 'source', 'duration', 'attempts'])
      .executeTakeFirst();
    if (taken) return taken;
  }
  return null;
}

/** This conversion is still ours (not finished, failed or deleted meanwhile). */
const ours = (row: NonNullable<ConversionRow>) => (db: Kysely<Database>) =>
  db.selectFrom('videoConversions').select('postId').where('postId', '=', row.postId).where('instance', '=', INSTANCE_ID).executeTakeFirst();

/** The post's video is ready: objects promoted under the key it has now, the row switched, the original gone. */
async function finish(ctx: AppContext, row: NonNullable<ConversionRow>, staged: StagedMedia): Promise<void> {
  const post = await ctx.db.selectFrom('posts').select(['id', 'state', 'mediaKey', 'mediaState']).where('id', '=', row.postId).executeTakeFirst();
  if (!post?.mediaKey || post.mediaState !== 'processing' || !(await ours(row)(ctx.db))) {
    await staged.discard();
    if (!post) await ctx.media.delete(row.source).catch(() => undefined);
    return;
  }
  // Approved while it converted (its original stayed under `pending/`): it goes public now.
  const key = post.state === 'approved' ? publicKeyOf(post.mediaKey) : post.mediaKey;
  await staged.promote(key);
  const updated = await ctx.db
    .updateTable('posts')
    .set({ mediaState: 'ready', mediaKey: key, mediaPoster: 1 })
    .where('id', '=', post.id)
    .where('mediaKey', '=', post.mediaKey)
    .where('state', '=', post.state)
    .where('mediaState', '=', 'processing')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    // Approved, denied or deleted between the read and the write: converted again on the next attempt.
    await Promise.allSettled([ctx.media.delete(`${key}.mp4`), ctx.media.delete(`${key}-poster.jpg`)]);
    throw new Error('The post changed while its video was being converted');
  }
  await ctx.db.deleteFrom('videoConversions').where('postId', '=', row.postId).execute();
  await ctx.media.delete(row.source).catch((err: unknown) => ctx.log.warn({ err, source: row.source }, 'Could not remove a converted original'));
}

/**
 * After the last attempt nothing of the video is left, and its uploader is told why: the owner's
 * post stays, marked failed with the message (the owner deletes it); a visitor's memory is removed
 * and the visitor, when they left an address, gets the message by e-mail.
 */
async function fail(ctx: AppContext, row: NonNullable<ConversionRow>, reason: string): Promise<void> {
  ctx.log.warn({ post: row.postId, reason }, 'A video could not be converted');
  const post = await ctx.db
    .selectFrom('posts')
    .innerJoin('memorials', 'memorials.id', 'posts.memorialId')
    .select(['posts.authorKind', 'posts.authorName', 'posts.authorEmail', 'memorials.fullname', 'memorials.identifier'])
    .where('posts.id', '=', row.postId)
    .where('posts.mediaState', '=', 'processing')
    .executeTakeFirst();
  if (post?.authorKind === 'guest') {
    // The visitor's page learns it by its receipt (issue 26), e-mail or not; then the memory goes.
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('videoReceipts').set({ failedAt: nowIso(ctx.now()) }).where('postId', '=', row.postId).execute();
      await trx.deleteFrom('posts').where('id', '=', row.postId).where('mediaState', '=', 'processing').execute();
    });
    if (post.authorEmail) {
      await ctx.mail.queue(
        videoFailedMail({
          to: post.authorEmail,
          authorName: post.authorName,
          memorialName: post.fullname,
          reason: VIDEO_MESSAGES.conversionFailed,
          guestUrl: guestUrl(ctx.config.publicUrl, post.identifier),
        }),
      );
    }
  } else {
    await ctx.db
      .updateTable('posts')
      .set({ mediaState: 'failed', mediaError: VIDEO_MESSAGES.conversionFailed })
      .where('id', '=', row.postId)
      .where('mediaState', '=', 'processing')
      .execute();
  }
  await ctx.db.deleteFrom('videoConversions').where('postId', '=', row.postId).execute();
  await ctx.media.delete(row.source).catch((err: unknown) => ctx.log.warn({ err, source: row.source }, 'Could not remove a failed original'));
}

/** Converts one claimed video in a scratch folder of this instance. */
async function convertOne(ctx: AppContext, row: NonNullable<ConversionRow>, settings: ConversionSettings): Promise<void> {
  const scratch = await scratchFolder(ctx.config.dataDir);
  try {
    const object = await ctx.media.get(row.source);
    if (!object) throw new Error('The original is not in the media store');
    const original = path.join(scratch, 'original');
    await pipeline(object.body, fs.createWriteStream(original));
    const probe = await probeVideo(original);
    if (!probe) throw new Error('ffprobe no longer reads the original');
    const converted = path.join(scratch, 'converted.mp4');
    let written = 0;
    await convertVideo(original, converted, probe, {
      threads: settings.threads,
      timeoutMs: conversionTimeLimitMs(probe.duration),
      onProgress: (done) => {
        if (Date.now() - written < PROGRESS_EVERY_MS) return;
        written = Date.now();
        void ctx.db
          .updateTable('videoConversions')
          .set({ progress: Math.floor(done * 100) })
          .where('postId', '=', row.postId)
          .where('instance', '=', INSTANCE_ID)
          .execute()
          .catch(() => undefined);
      },
    });
    const convertedProbe = await probeVideo(converted);
    const poster = await posterFrame(converted, convertedProbe?.duration ?? probe.duration);
    const video = await ctx.media.putTemp(fs.createReadStream(converted), { contentType: 'video/mp4' });
    let staged = StagedMedia.video(ctx.media, video, null);
    try {
      staged = StagedMedia.video(ctx.media, video, await ctx.media.putTemp(poster, { contentType: 'image/jpeg' }));
    } catch (err) {
      await staged.discard();
      throw err;
    }
    await finish(ctx, row, staged);
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/** Conversions running in each app of this process (the per-instance bound; the queue itself is in the database). */
const running = new WeakMap<AppContext, number>();

/**
 * Converts queued videos until none is left, on as many workers as this instance has free slots
 * (VIDEO_CONVERSIONS in all). A failed attempt lets the lease go after a pause growing with the
 * attempts; the last one fails the post.
 */
export async function drainConversions(ctx: AppContext, settings: ConversionSettings = conversionSettings()): Promise<{ converted: number; failed: number }> {
  const done = { converted: 0, failed: 0 };
  const worker = async () => {
    for (let row = await claimNext(ctx); row; row = await claimNext(ctx)) {
      if (row.attempts > CONVERSION_ATTEMPTS) {
        await fail(ctx, row, 'no attempt finished (the instances converting it stopped)');
        done.failed += 1;
        continue;
      }
      try {
        await convertOne(ctx, row, settings);
        done.converted += 1;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if (row.attempts >= CONVERSION_ATTEMPTS) {
          await fail(ctx, row, reason);
          done.failed += 1;
        } else {
          ctx.log.warn({ post: row.postId, attempt: row.attempts, reason }, 'A video conversion failed; it will be retried');
          const retryAt = nowIso(new Date(ctx.now().getTime() + 30_000 * row.attempts));
          await ctx.db.updateTable('videoConversions').set({ leaseUntil: retryAt }).where('postId', '=', row.postId).where('instance', '=', INSTANCE_ID).execute();
        }
      }
    }
  };
  const free = Math.max(0, settings.perInstance - (running.get(ctx) ?? 0));
  await Promise.all(
    Array.from({ length: free }, async () => {
      running.set(ctx, (running.get(ctx) ?? 0) + 1);
      try {
        await worker();
      } finally {
        running.set(ctx, (running.get(ctx) ?? 1) - 1);
      }
    }),
  );
  return done;
}

export const videoConvertJob: JobDef = {
  name: VIDEO_CONVERT_JOB,
  cron: '* * * * *',
  summary: 'Convert the videos waiting for it to H.264/AAC MP4 (also asked for after each upload)',
  catchUpMs: 0,
  maxAttempts: 1,
  async run({ ctx }) {
    // Visitors' receipts past their time (issue 26) go with the queue's own housekeeping.
    await ctx.db.deleteFrom('videoReceipts').where('expiresAt', '<=', nowIso(ctx.now())).execute();
    return drainConversions(ctx);
  },
};
