// list-contracts: every contract with its state, account and memorial.
import { normalizeEmail } from '@recuerdos/shared/email';
import { listContracts } from '../../modules/contract/contract.repository';
import { defineCommand, formatTable } from '../kit';

export const listContractsCommand = defineCommand({
  name: 'list-contracts',
  summary: 'List contracts with their state, account e-mail and memorial',
  usage: '[--email E] [--json]',
  details: [
    'Options:',
    '  --email E   only the contracts of this account',
    '  --json      print one JSON array (number, state, createdAt, activatedAt, expiresOn, email, identifier, fullname)',
  ],
  examples: ['npm run admin -- list-contracts', 'npm run admin -- list-contracts --email ana@ejemplo.pe'],
  options: {
    email: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  async run(values, env) {
    const { db } = await env.database();
    const email = values.email === undefined ? undefined : normalizeEmail(values.email);
    const contracts = await listContracts(db, email ? { email } : {});
    if (values.json) {
      env.out(JSON.stringify(contracts));
      return;
    }
    if (contracts.length === 0) {
      env.out('No contracts.');
      return;
    }
    const rows = contracts.map((c) => [
      c.number,
      c.state,
      c.email,
      c.identifier,
      c.fullname,
      c.createdAt.slice(0, 10),
      c.activatedAt?.slice(0, 10) ?? '-',
      c.expiresOn ?? '-',
    ]);
    for (const line of formatTable(['NUMBER', 'STATE', 'E-MAIL', 'MEMORIAL', 'PERSON', 'CREATED', 'ACTIVATED', 'EXPIRES'], rows)) {
      env.out(line);
    }
    env.out(`${contracts.length} contract${contracts.length === 1 ? '' : 's'}.`);
  },
});
