// Work done once at start, after migrations and before listening. Housekeeping (expired sessions,
// interrupted uploads) is the jobs layer's now (jobs/registry.ts), on a schedule shared by instances.
import type { AppContext } from './context';
import { seedDemo } from './seed/demo';

export async function runStartupTasks(ctx: AppContext): Promise<void> {
  if (ctx.config.seedDemo) await seedDemo(ctx);
}
