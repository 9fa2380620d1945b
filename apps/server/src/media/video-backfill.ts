// The one-off backfill of issue 13 §3 (`admin video-posters`): every video stored before poster
// frames existed gets its `<key>-poster.jpg`, and its index moved to the front when it was at the
// end (the streams copied, never re-encoded). Safe to run again: done videos are skipped.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MediaStore } from '../storage/media-store';
import { POSTER_SUFFIX } from './media-keys';
import { prepareVideo, scratchFolder } from './video-processing';

export interface BackfillReport {
  done: number;
  rewritten: number;
  /** Objects missing or unreadable: left as they are. */
  failed: { key: string; reason: string }[];
}

export async function backfillVideoPosters(
  db: Kysely<Database>,
  store: MediaStore,
  dataDir: string,
  progress: (line: string) => void = () => undefined,
): Promise<BackfillReport> {
  const report: BackfillReport = { done: 0, rewritten: 0, failed: [] };
  const videos = await db.selectFrom('posts').select(['id', 'mediaKey']).where('mediaKind', '=', 'video').where('mediaPoster', '=', 0).where('mediaState', '=', 'ready').orderBy('id').execute();
  for (const { id, mediaKey } of videos) {
    if (!mediaKey) continue;
    const name = `${mediaKey}.mp4`;
    const scratch = await scratchFolder(dataDir);
    try {
      const object = await store.get(name);
      if (!object) {
        report.failed.push({ key: mediaKey, reason: 'the video is not in the media store' });
        continue;
      }
      const local = path.join(scratch, 'video.mp4');
      await pipeline(object.body, fs.createWriteStream(local));
      const prepared = await prepareVideo(local, scratch);
      if (prepared.rewritten) {
        const temp = await store.putTemp(fs.createReadStream(prepared.file), { contentType: 'video/mp4' });
        await store.promote(temp.tempKey, name);
        report.rewritten += 1;
      }
      const poster = await store.putTemp(prepared.poster, { contentType: 'image/jpeg' });
      await store.promote(poster.tempKey, mediaKey + POSTER_SUFFIX);
      await db.updateTable('posts').set({ mediaPoster: 1 }).where('id', '=', id).execute();
      report.done += 1;
      progress(`${name}: poster${prepared.rewritten ? ', index moved to the front' : ''}`);
    } catch (err) {
      report.failed.push({ key: mediaKey, reason: err instanceof Error ? err.message : String(err) });
    } finally {
      await fs.promises.rm(scratch, { recursive: true, force: true });
    }
  }
  return report;
}
