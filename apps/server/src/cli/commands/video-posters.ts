// video-posters: the one-off backfill of issue 13 §3 for videos stored before poster frames existed.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { backfillVideoPosters } from '../../media/video-backfill';
import type { MediaStore } from '../../storage/media-store';
import { openMediaStore } from '../../storage/open-media-store';
import { CliError, defineCommand, type CliEnv } from '../kit';

/**
 * Runs a backfill of stored videos (video-posters, video-convert) with the database and the media
 * store: says which videos were left as they are, then `summary`; exits 1 when any was.
 */
export async function runVideoBackfill<R extends { failed: { key: string; reason: string }[] }>(
  env: CliEnv,
  command: string,
  backfill: (db: Kysely<Database>, media: MediaStore) => Promise<R>,
  summary: (report: R) => string,
): Promise<void> {
  const database = await env.database();
  const media = openMediaStore(env.config);
  try {
    await media.check();
    const report = await backfill(database.db, media);
    for (const { key, reason } of report.failed) env.err(`${command}: ${key}.mp4 left as it is (${reason})`);
    env.out(summary(report));
    if (report.failed.length > 0) throw new CliError(`${report.failed.length} videos could not be done (${command})`);
  } finally {
    await media.close();
  }
}

export const videoPostersCommand = defineCommand({
  name: 'video-posters',
  summary: 'Give every video stored before poster frames existed its poster (and its index at the front)',
  usage: '',
  details: [
    'For each video without a poster frame: takes a frame from its first second as <key>-poster.jpg,',
    'and moves its index to the front when it was at the end (fast start; the streams are copied,',
    'never re-encoded). Needs ffmpeg. Safe to run again: videos already done are skipped.',
  ],
  examples: ['npm run admin -- video-posters'],
  options: {},
  async run(_values, env) {
    await runVideoBackfill(
      env,
      'video-posters',
      (db, media) => backfillVideoPosters(db, media, env.config.dataDir, env.err),
      (report) => `Poster frames: ${report.done} videos done (${report.rewritten} moved their index to the front), ${report.failed.length} left as they are.`,
    );
  },
});
