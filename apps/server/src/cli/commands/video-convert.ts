// video-convert: the one-off conversion of issue 26 §5 for videos stored before conversions existed.
import { convertStoredVideos } from '../../media/video-backfill';
import { conversionSettings } from '../../media/video-conversion';
import { defineCommand } from '../kit';
import { runVideoBackfill } from './video-posters';

export const videoConvertCommand = defineCommand({
  name: 'video-convert',
  summary: 'Convert the stored videos that do not play in every browser (HEVC, MPEG-4 part 2, VP9, 5.1 sound, over 1280 px)',
  usage: '',
  details: [
    'For each stored video that is not already H.264 (yuv420p) with AAC stereo, at most 1280 px and',
    'upright, in an MP4: converts it as uploads are converted (docs/decisions/027) and replaces',
    '<key>.mp4 and its poster in place. Needs ffmpeg; uses VIDEO_CONVERT_THREADS encoder threads.',
    'Safe to run again: videos that already play everywhere are skipped.',
  ],
  examples: ['npm run admin -- video-convert'],
  options: {},
  async run(_values, env) {
    await runVideoBackfill(
      env,
      'video-convert',
      (db, media) => convertStoredVideos(db, media, env.config.dataDir, conversionSettings(), env.err),
      (report) => `Conversions: ${report.converted} videos converted, ${report.skipped} already played everywhere, ${report.failed.length} left as they are.`,
    );
  },
});
