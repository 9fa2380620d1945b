// Work done once at start, after migrations and before listening.
import type { AppContext } from './context';
import { deleteExpiredSessions } from './auth/sessions';
import { seedDemo } from './seed/demo';
import { mediaStoreFor } from './storage/media-store-for';

/** Temporary uploads older than this were cut off by a crash (another instance may be mid-upload). */
export const TEMP_MEDIA_MAX_AGE_MS = 60 * 60_000;

export async function runStartupTasks(ctx: AppContext): Promise<void> {
  await deleteExpiredSessions(ctx.db);
  const swept = await mediaStoreFor(ctx).sweepTemp(new Date(Date.now() - TEMP_MEDIA_MAX_AGE_MS));
  if (swept > 0) ctx.log.info({ swept }, 'Removed temporary uploads left by an interrupted run');
  if (ctx.config.seedDemo) await seedDemo(ctx);
}
