// The contract life cycle (modules/contract/contract.lifecycle.ts), every morning in Lima.
import { runContractLifecycle } from '../modules/contract/contract.lifecycle';
import { HOUR_MS, type JobDef } from './job';

export const contractLifecycleJob: JobDef = {
  name: 'contract-lifecycle',
  // 00:10 and 07:10 in Lima: the second run catches a day whose first run failed every attempt.
  cron: '10 5,12 * * *',
  summary: 'Contract end notices (30 and 7 days before) and expiry',
  catchUpMs: 24 * HOUR_MS,
  run: ({ ctx, now }) => runContractLifecycle(ctx, now),
};
