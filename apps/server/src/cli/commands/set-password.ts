// set-password: for a customer who cannot use the e-mailed reset link (or the demo account whose
// password was printed only at first start). Every session of the account ends.
import { EMAIL_PATTERN, normalizeEmail } from '@recuerdos/shared/email';
import { LIMITS } from '@recuerdos/shared/limits';
import { hashPassword } from '../../auth/passwords';
import { revokeAccountSessions } from '../../auth/sessions';
import { consumeAccountTokens } from '../../auth/one-time-tokens';
import { newIdentifier } from '../../auth/tokens';
import { findAccountByEmail, setPasswordHash } from '../../modules/user/user.repository';
import { CliError, UsageError, defineCommand, requireFlag } from '../kit';

export const setPasswordCommand = defineCommand({
  name: 'set-password',
  summary: "Set an account's password (a random one is generated and printed when --password is absent)",
  usage: '--email E [--password P]',
  details: [
    'Options:',
    '  --email E      the account',
    `  --password P   the new password (${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters); default: a random one, printed`,
    '',
    'Every session of the account ends and unused reset links stop working.',
  ],
  examples: ['npm run admin -- set-password --email demo@recuerdos.pe'],
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
  },
  async run(values, env) {
    const email = normalizeEmail(requireFlag(values, 'email'));
    if (!EMAIL_PATTERN.test(email)) throw new UsageError(`--email "${email}" is not a valid e-mail address`);
    const given = values.password;
    if (given !== undefined && (given.length < LIMITS.passwordMin || given.length > LIMITS.passwordMax)) {
      throw new UsageError(`--password must have ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`);
    }
    const password = given ?? newIdentifier(12);

    const { db } = await env.database();
    const account = await findAccountByEmail(db, email);
    if (!account) throw new CliError(`no account with e-mail ${email}`);
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await setPasswordHash(trx, account.id, passwordHash);
      await revokeAccountSessions(trx, account.id);
      await consumeAccountTokens(trx, account.id, 'password_reset');
    });
    env.out(`Password set for ${email}; its sessions were ended.`);
    if (given === undefined) env.out(`  password   ${password}`);
  },
});
