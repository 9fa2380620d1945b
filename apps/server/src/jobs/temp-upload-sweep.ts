// Temporary uploads older than an hour were cut off (a closed tab, a crash): swept from the media
// store every 15 minutes. An upload in progress on another instance is younger than that. Resumable
// uploads (issue 13 §4) no longer usable go too, rows and pieces, finished or not.
import type { AppContext } from '../context';
import { sweepUploads } from '../modules/uploads/uploads.service';
import { HOUR_MS, type JobDef } from './job';

export const TEMP_MEDIA_MAX_AGE_MS = HOUR_MS;

/** Removes temporary uploads (in the store: disk or bucket) older than TEMP_MEDIA_MAX_AGE_MS at `now`. */
export async function sweepTempMedia(ctx: AppContext, now: Date): Promise<number> {
  const resumable = await sweepUploads(ctx, now);
  if (resumable > 0) ctx.log.info({ resumable }, 'Removed resumable uploads that were never finished or used');
  const swept = await ctx.media.sweepTemp(new Date(now.getTime() - TEMP_MEDIA_MAX_AGE_MS));
  if (swept > 0) ctx.log.info({ swept }, 'Removed temporary uploads left by an interrupted run');
  return swept + resumable;
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
