// add-disclaimer, list-disclaimers, remove-disclaimer: the banners an operator shows an owner under
// the navbar (spec §2), next to the ones derived from the contract's state.
import {
  deleteDisclaimer,
  findMemorialByIdentifier,
  insertDisclaimer,
  listDisclaimers,
} from '../../modules/contract/contract.repository';
import { CliError, UsageError, defineCommand, formatTable, requireFlag } from '../kit';

const TITLE_MAX = 120;
const DESCR_MAX = 500;

export const addDisclaimerCommand = defineCommand({
  name: 'add-disclaimer',
  summary: "Show a banner to a memorial's owner (R = error style, W = warning style)",
  usage: '--identifier ID --type R|W --title TEXT --descr TEXT',
  details: [
    'Options:',
    '  --identifier ID   the memorial (the id of its guest link)',
    '  --type R|W        R shows as an error, W as a warning',
    `  --title TEXT      Spanish title, at most ${TITLE_MAX} characters`,
    `  --descr TEXT      Spanish description, at most ${DESCR_MAX} characters`,
    '',
    'The banner stays until "remove-disclaimer --id N" (the id is printed here and by list-disclaimers).',
  ],
  examples: [
    'npm run admin -- add-disclaimer --identifier AbCdEf2345 --type W --title "Pago pendiente" --descr "Tu cuota de noviembre está pendiente."',
  ],
  options: {
    identifier: { type: 'string' },
    type: { type: 'string' },
    title: { type: 'string' },
    descr: { type: 'string' },
  },
  async run(values, env) {
    const identifier = requireFlag(values, 'identifier').trim();
    const type = requireFlag(values, 'type').trim().toUpperCase();
    if (type !== 'R' && type !== 'W') throw new UsageError('--type must be R or W');
    const title = requireFlag(values, 'title').trim();
    const descr = requireFlag(values, 'descr').trim();
    if (title.length > TITLE_MAX) throw new UsageError(`--title can have at most ${TITLE_MAX} characters`);
    if (descr.length > DESCR_MAX) throw new UsageError(`--descr can have at most ${DESCR_MAX} characters`);

    const { db } = await env.database();
    const memorial = await findMemorialByIdentifier(db, identifier);
    if (!memorial) throw new CliError(`no memorial with identifier "${identifier}"`);
    const row = await insertDisclaimer(db, { memorialId: memorial.id, type, title, descr });
    env.out(`Disclaimer #${row.id} (${type}) added to memorial ${memorial.identifier} (${memorial.fullname}).`);
  },
});

export const listDisclaimersCommand = defineCommand({
  name: 'list-disclaimers',
  summary: "List the banners an operator added to a memorial",
  usage: '--identifier ID [--json]',
  details: ['Options:', '  --identifier ID   the memorial', '  --json            print one JSON array'],
  examples: ['npm run admin -- list-disclaimers --identifier AbCdEf2345'],
  options: {
    identifier: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  async run(values, env) {
    const identifier = requireFlag(values, 'identifier').trim();
    const { db } = await env.database();
    const memorial = await findMemorialByIdentifier(db, identifier);
    if (!memorial) throw new CliError(`no memorial with identifier "${identifier}"`);
    const rows = await listDisclaimers(db, memorial.id);
    if (values.json) {
      env.out(JSON.stringify(rows.map(({ id, type, title, descr, createdAt }) => ({ id, type, title, descr, createdAt }))));
      return;
    }
    if (rows.length === 0) {
      env.out(`No disclaimers on memorial ${memorial.identifier}.`);
      return;
    }
    for (const line of formatTable(
      ['ID', 'TYPE', 'TITLE', 'DESCRIPTION'],
      rows.map((r) => [String(r.id), r.type, r.title, r.descr]),
    )) {
      env.out(line);
    }
  },
});

export const removeDisclaimerCommand = defineCommand({
  name: 'remove-disclaimer',
  summary: 'Remove a banner added with add-disclaimer',
  usage: '--id N',
  details: ['Options:', '  --id N   the number printed by add-disclaimer or list-disclaimers'],
  examples: ['npm run admin -- remove-disclaimer --id 3'],
  options: { id: { type: 'string' } },
  async run(values, env) {
    const raw = requireFlag(values, 'id').trim();
    if (!/^\d{1,9}$/.test(raw)) throw new UsageError('--id must be a number');
    const { db } = await env.database();
    if (!(await deleteDisclaimer(db, Number(raw)))) throw new CliError(`no disclaimer #${raw}`);
    env.out(`Disclaimer #${raw} removed.`);
  },
});
