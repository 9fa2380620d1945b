// The one-off backfills of stored videos. Issue 13 §3 (`admin video-posters`): every video stored
// before poster frames existed gets its `<key>-poster.jpg`, and its index moved to the front when it
// was at the end (the streams copied, never re-encoded). Issue 26 §5 (`admin video-convert`): every
// video stored before conversions existed that does not play everywhere (HEVC, MPEG-4 part 2, 5.1
// sound, 4K…) is converted as uploads now are, in place: `<key>.mp4` and its poster are replaced.
// Both are safe to run again: done videos are skipped.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MediaStore } from '../storage/media-store';
import { POSTER_SUFFIX } from './media-keys';
import { conversionTimeLimitMs, convertVideo, playsEverywhere, posterFrame, prepareVideo, probeVideo, scratchFolder } from './video-processing';
import type { ConversionSettings } from './video-conversion';

export interface BackfillReport {
  done: number;
  rewritten: number;
  /** Objects missing or unreadable: left as they are. */
  failed: { key: string; reason: string }[];
}

interface StoredVideo {
  id: number;
  key: string;
  /** `<key>.mp4`. */
  name: string;
  /** The video, downloaded into `scratch`. */
  local: string;
  scratch: string;
}

/**
 * Runs `work` on each video, downloaded into a scratch folder of its own (removed after); a video
 * missing from the store or whose work throws is added to `failed` and left as it is.
 */
async function forEachStoredVideo(
  videos: { id: number; mediaKey: string | null }[],
  store: MediaStore,
  dataDir: string,
  failed: { key: string; reason: string }[],
  work: (video: StoredVideo) => Promise<void>,
): Promise<void> {
  for (const { id, mediaKey } of videos) {
    if (!mediaKey) continue;
    const name = `${mediaKey}.mp4`;
    const scratch = await scratchFolder(dataDir);
    try {
      const object = await store.get(name);
      if (!object) {
        failed.push({ key: mediaKey, reason: 'the video is not in the media store' });
        continue;
      }
      const local = path.join(scratch, 'video.mp4');
      await pipeline(object.body, fs.createWriteStream(local));
      await work({ id, key: mediaKey, name, local, scratch });
    } catch (err) {
      failed.push({ key: mediaKey, reason: err instanceof Error ? err.message : String(err) });
    } finally {
      await fs.promises.rm(scratch, { recursive: true, force: true });
    }
  }
}

/** Writes `<key>-poster.jpg` and marks the post as having it. */
async function storePoster(db: Kysely<Database>, store: MediaStore, video: StoredVideo, poster: Buffer): Promise<void> {
  const frame = await store.putTemp(poster, { contentType: 'image/jpeg' });
  await store.promote(frame.tempKey, video.key + POSTER_SUFFIX);
  await db.updateTable('posts').set({ mediaPoster: 1 }).where('id', '=', video.id).execute();
}

/** Replaces `<key>.mp4` with a file of the scratch folder. */
async function replaceVideo(store: MediaStore, video: StoredVideo, file: string): Promise<void> {
  const temp = await store.putTemp(fs.createReadStream(file), { contentType: 'video/mp4' });
  await store.promote(temp.tempKey, video.name);
}

const readyVideos = (db: Kysely<Database>) =>
  db.selectFrom('posts').select(['id', 'mediaKey']).where('mediaKind', '=', 'video').where('mediaState', '=', 'ready').orderBy('id');

export async function backfillVideoPosters(
  db: Kysely<Database>,
  store: MediaStore,
  dataDir: string,
  progress: (line: string) => void = () => undefined,
): Promise<BackfillReport> {
  const report: BackfillReport = { done: 0, rewritten: 0, failed: [] };
  const videos = await readyVideos(db).where('mediaPoster', '=', 0).execute();
  await forEachStoredVideo(videos, store, dataDir, report.failed, async (video) => {
    const prepared = await prepareVideo(video.local, video.scratch);
    if (prepared.rewritten) {
      await replaceVideo(store, video, prepared.file);
      report.rewritten += 1;
    }
    await storePoster(db, store, video, prepared.poster);
    report.done += 1;
    progress(`${video.name}: poster${prepared.rewritten ? ', index moved to the front' : ''}`);
  });
  return report;
}

export interface ConvertReport {
  converted: number;
  /** Already playing everywhere: left as they are. */
  skipped: number;
  failed: { key: string; reason: string }[];
}

/** Converts, in place, the stored videos (published or pending) that do not play everywhere. */
export async function convertStoredVideos(
  db: Kysely<Database>,
  store: MediaStore,
  dataDir: string,
  settings: ConversionSettings,
  progress: (line: string) => void = () => undefined,
): Promise<ConvertReport> {
  const report: ConvertReport = { converted: 0, skipped: 0, failed: [] };
  const videos = await readyVideos(db).execute();
  await forEachStoredVideo(videos, store, dataDir, report.failed, async (video) => {
    const probe = await probeVideo(video.local);
    if (!probe) throw new Error('ffprobe cannot read it');
    if (playsEverywhere(probe)) {
      report.skipped += 1;
      return;
    }
    const converted = path.join(video.scratch, 'converted.mp4');
    await convertVideo(video.local, converted, probe, { threads: settings.threads, timeoutMs: conversionTimeLimitMs(probe.duration) });
    await replaceVideo(store, video, converted);
    await storePoster(db, store, video, await posterFrame(converted, probe.duration));
    report.converted += 1;
    progress(`${video.name}: ${probe.video.codec} ${probe.video.width}×${probe.video.height}${probe.audio ? ` ${probe.audio.codec} ${probe.audio.channels} ch` : ''} → H.264/AAC stereo`);
  });
  return report;
}
