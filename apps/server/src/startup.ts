// Work done once at start, after migrations and before listening.
import type { AppContext } from './context';
import { deleteExpiredSessions } from './auth/sessions';
import { seedDemo } from './seed/demo';

export async function runStartupTasks(ctx: AppContext): Promise<void> {
  await deleteExpiredSessions(ctx.db);
  if (ctx.config.seedDemo) await seedDemo(ctx);
}
