// renew-contract: a new last day of service (issue 16 §2). An expired contract is live again at once:
// the owner can post and approve memories; the end notices are sent again for the new day.
import { isValidPastDate, limaDate } from '@recuerdos/shared/dates';
import { renewContract } from '../../modules/contract/contract.service';
import { UsageError, defineCommand, requireFlag } from '../kit';

export const renewContractCommand = defineCommand({
  name: 'renew-contract',
  summary: 'Set a new last day of service for a contract (renews an expired one)',
  usage: '--contract NUMBER --expires-on YYYY-MM-DD',
  details: [
    'Options:',
    '  --contract N     the contract number (REC-YYYY-NNNNN)',
    '  --expires-on D   the new last day of service (YYYY-MM-DD), today or later',
  ],
  examples: ['npm run admin -- renew-contract --contract REC-2026-00007 --expires-on 2027-12-31'],
  options: { contract: { type: 'string' }, 'expires-on': { type: 'string' } },
  async run(values, env) {
    const number = requireFlag(values, 'contract').trim().toUpperCase();
    const expiresOn = requireFlag(values, 'expires-on');
    if (!isValidPastDate(expiresOn, '9999-12-31')) throw new UsageError('--expires-on must be a date written YYYY-MM-DD');
    const today = limaDate();
    if (expiresOn < today) throw new UsageError(`--expires-on must be today (${today}) or later`);
    const { db } = await env.database();
    const contract = await renewContract({ db }, { number, expiresOn }, today);
    env.out(`Contract ${contract.number} now ends on ${expiresOn} (${contract.state}).`);
  },
});
