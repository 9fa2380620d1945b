// create-operator: a back-office operator (issue 15), or a new set-password link for an existing
// one. The link is printed (never e-mailed: whoever runs the command hands it over in person).
import { EMAIL_PATTERN, normalizeEmail } from '@recuerdos/shared/email';
import { LIMITS } from '@recuerdos/shared/limits';
import { UsageError, defineCommand, requireFlag } from '../kit';

/** Must match SET_PASSWORD_TTL_MS of the operator service (loaded only when the command runs). */
const LINK_HOURS = 72;

export const createOperatorCommand = defineCommand({
  name: 'create-operator',
  summary: 'Create a back-office operator (or a new set-password link for one); prints the link',
  usage: '--email E --name N [--reset-second-factor] [--json]',
  details: [
    'Options:',
    "  --email E                the operator's e-mail (their login at /admin)",
    "  --name N                 the operator's name, shown in the back office and next to their answers",
    '                           (used only when the operator is new)',
    '  --reset-second-factor    also remove their authenticator app (a lost phone): they enrol again at login',
    '  --json                   print exactly one JSON line: {"email":"…","created":true,"setPasswordUrl":"…"}',
    '',
    `The set-password link (PUBLIC_URL/admin/set-password?token=…) works once, for ${LINK_HOURS} hours.`,
    'For an existing operator the command issues a new link (a forgotten password) and ends their sessions.',
    'At the first login the operator sets up the second factor (TOTP) and receives ten recovery codes.',
  ],
  examples: [
    'npm run admin -- create-operator --email lucia@recuerdos.pe --name "Lucía Torres"',
    'npm run admin -- create-operator --email lucia@recuerdos.pe --name "Lucía Torres" --reset-second-factor',
  ],
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    'reset-second-factor': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
  async run(values, env) {
    const email = normalizeEmail(requireFlag(values, 'email'));
    if (email.length > LIMITS.loginEmailMax || !EMAIL_PATTERN.test(email)) throw new UsageError(`--email "${email}" is not a valid e-mail address`);
    const name = requireFlag(values, 'name').trim();
    if (name.length > 120) throw new UsageError('--name can have at most 120 characters');
    const { db } = await env.database();
    // Loaded here: the other commands (and --help) need none of the TOTP and QR code libraries.
    const { createOperator } = await import('../../modules/operator/operator.service');
    const result = await createOperator({ db, config: env.config }, { email, name, resetSecondFactor: values['reset-second-factor'] });
    if (values.json) {
      env.out(JSON.stringify({ email: result.operator.email, created: result.created, setPasswordUrl: result.setPasswordUrl }));
      return;
    }
    env.out(result.created ? `Operator ${result.operator.email} (${result.operator.name}) created.` : `Operator ${result.operator.email} exists: a new link was issued and their sessions ended.`);
    if (values['reset-second-factor']) env.out('  second factor removed: they set it up again at their next login');
    env.out(`  set-password link   ${result.setPasswordUrl}`);
  },
});
