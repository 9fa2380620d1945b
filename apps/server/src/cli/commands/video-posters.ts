// video-posters: the one-off backfill of issue 13 §3 for videos stored before poster frames existed.
import { backfillVideoPosters } from '../../media/video-backfill';
import { openMediaStore } from '../../storage/open-media-store';
import { CliError, defineCommand } from '../kit';

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
    const database = await env.database();
    const media = openMediaStore(env.config);
    try {
      await media.check();
      const report = await backfillVideoPosters(database.db, media, env.config.dataDir, env.err);
      for (const { key, reason } of report.failed) env.err(`video-posters: ${key}.mp4 left as it is (${reason})`);
      env.out(`Poster frames: ${report.done} videos done (${report.rewritten} moved their index to the front), ${report.failed.length} left as they are.`);
      if (report.failed.length > 0) throw new CliError(`${report.failed.length} videos could not be given a poster`);
    } finally {
      await media.close();
    }
  },
});
