// Work done once at start, after migrations and before listening. Housekeeping (expired sessions,
// interrupted uploads) is the jobs layer's now (jobs/registry.ts), on a schedule shared by instances.
import type { AppContext } from './context';
import { sweepScratch, videoToolsAvailable } from './media/video-processing';
import { seedDemo } from './seed/demo';

export async function runStartupTasks(ctx: AppContext): Promise<void> {
  // Video work cut off by a crash of this machine (its scratch is its own; uploads in progress on
  // other instances are elsewhere). Anything here is from before this start.
  const swept = await sweepScratch(ctx.config.dataDir, new Date());
  if (swept > 0) ctx.log.info({ swept }, 'Removed video scratch folders left by an interrupted run');
  if (!(await videoToolsAvailable())) ctx.log.warn('ffmpeg/ffprobe not found: videos are refused until Debian\'s ffmpeg is installed (apt-get install ffmpeg)');
  if (ctx.config.seedDemo) await seedDemo(ctx);
}
