// Temporary uploads older than an hour were cut off (a closed tab, a crash): swept from the media
// store every 15 minutes. An upload in progress on another instance is younger than that.
import type { AppContext } from '../context';
import { HOUR_MS, type JobDef } from './job';

export const TEMP_MEDIA_MAX_AGE_MS = HOUR_MS;

/** Removes temporary uploads (in the store: disk or bucket) older than TEMP_MEDIA_MAX_AGE_MS at `now`. */
export async function sweepTempMedia(ctx: AppContext, now: Date): Promise<number> {
  const swept = await ctx.media.sweepTemp(new Date(now.getTime() - TEMP_MEDIA_MAX_AGE_MS));
  if (swept > 0) ctx.log.info({ swept }, 'Removed temporary uploads left by an interrupted run');
  return swept;
}

export const tempUploadSweepJob: JobDef = {
  name: 'temp-upload-sweep',
  cron: '*/15 * * * *',
  summary: 'Remove temporary uploads older than an hour from the media store',
  catchUpMs: HOUR_MS,
  async run({ ctx, now }) {
    return { swept: await sweepTempMedia(ctx, now) };
  },
};
