// Work done once at start, after migrations and before listening.
import type { AppContext } from './context';
import { deleteExpiredSessions } from './auth/sessions';

export async function runStartupTasks(ctx: AppContext): Promise<void> {
  await deleteExpiredSessions(ctx.db);
}
