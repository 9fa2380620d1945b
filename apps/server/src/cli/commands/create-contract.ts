// create-contract: an account (if new), a memorial and a pending contract, and the activation
// e-mail. Its `--json` line is relied on by other tools (issue 2 §9): keep its shape.
import { EMAIL_PATTERN, normalizeEmail } from '@recuerdos/shared/email';
import { LIMITS } from '@recuerdos/shared/limits';
import { cleanLine } from '@recuerdos/shared/text';
import { isValidPastDate } from '@recuerdos/shared/dates';
import { createContract } from '../../modules/contract/contract.service';
import { UsageError, defineCommand, requireFlag } from '../kit';

function text(values: Record<string, unknown>, name: string, max: number): string {
  // The same cleaning as the web forms (no bidi overrides or control characters; NFC).
  const value = cleanLine(requireFlag(values, name)).trim();
  if (value.length > max) throw new UsageError(`--${name} can have at most ${max} characters`);
  return value;
}

export const createContractCommand = defineCommand({
  name: 'create-contract',
  summary: 'Create an account (if new), a memorial and a pending contract; e-mail the activation link',
  usage: '--email E --name N --lastname L --person "Full name" [--password P] [--expires-on YYYY-MM-DD] [--json]',
  details: [
    'Options:',
    '  --email E        the customer\'s e-mail; a second contract for the same e-mail adds a memorial to that account',
    '  --name N         the customer\'s first name(s) (used only when the account is new)',
    '  --lastname L     the customer\'s last name(s) (used only when the account is new)',
    '  --person NAME    full name of the loved one: the new memorial\'s name',
    '  --password P     lets the account log in with P at once (replaces the password of an existing account)',
    '  --expires-on D   last day of service (YYYY-MM-DD); default: no end',
    '  --json           print exactly one JSON line:',
    '                   {"contract":"…","identifier":"…","email":"…","activationUrl":"PUBLIC_URL/activate-account?contract=…&token=…"}',
    '',
    'The memorial starts private, with a generated access code. The activation link is valid for 7 days;',
    'the e-mail is queued with the contract and sent at once through SMTP_URL (or written to $DATA_DIR/outbox',
    'as an .eml file when SMTP_URL is unset). If SMTP refuses it, it stays queued and the server retries it',
    'for a day ("admin mail --queued" lists it); the command still exits with 0.',
  ],
  examples: [
    'npm run admin -- create-contract --email ana@ejemplo.pe --name Ana --lastname "Quispe Rojas" --person "Rosa Mamani Huamán"',
    'npm run --silent admin -- create-contract --email ana@ejemplo.pe --name Ana --lastname Quispe --person "Juan Quispe" --json',
  ],
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    lastname: { type: 'string' },
    person: { type: 'string' },
    password: { type: 'string' },
    'expires-on': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  async run(values, env) {
    const email = normalizeEmail(requireFlag(values, 'email'));
    if (email.length > LIMITS.loginEmailMax || !EMAIL_PATTERN.test(email)) {
      throw new UsageError(`--email "${email}" is not a valid e-mail address`);
    }
    const name = text(values, 'name', LIMITS.accountNameMax);
    const lastname = text(values, 'lastname', LIMITS.accountNameMax);
    const person = text(values, 'person', LIMITS.fullnameMax);
    const password = values.password;
    if (password !== undefined && (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax)) {
      throw new UsageError(`--password must have ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`);
    }
    const expiresOn = values['expires-on'];
    if (expiresOn !== undefined && !isValidPastDate(expiresOn, '9999-12-31')) {
      throw new UsageError('--expires-on must be a date written YYYY-MM-DD');
    }

    const { db } = await env.database();
    const mail = await env.mail();
    const created = await createContract(
      { db, config: env.config, mail },
      { email, name, lastname, person, password, expiresOn },
    );

    if (values.json) {
      env.out(
        JSON.stringify({
          contract: created.number,
          identifier: created.identifier,
          email: created.email,
          activationUrl: created.activationUrl,
        }),
      );
    } else {
      env.out(`Contract ${created.number} created, pending activation.`);
      const accountNote = [created.accountCreated ? 'new account' : 'existing account'];
      if (created.passwordSet) accountNote.push('password set');
      env.out(`  account      ${created.email} (${accountNote.join(', ')})`);
      env.out(`  memorial     ${created.identifier} (${created.person}), private, access code ${created.accessCode}`);
      env.out(`  guest link   ${created.guestUrl}`);
      env.out(`  activation   ${created.activationUrl}`);
    }

    // The e-mail was queued with the contract; one attempt now tells the operator whether SMTP took it.
    // A refusal leaves it to the mail-outbox job, which retries it for a day (decision 012).
    const attempt = created.activationMailId === null ? { sent: false, error: '' } : await mail.attemptNow(created.activationMailId);
    if (attempt.sent) {
      if (!values.json) env.out(`Activation e-mail sent to ${created.email}.`);
    } else {
      (values.json ? env.err : env.out)(
        `Activation e-mail to ${created.email} queued: not sent yet (${attempt.error}). ` +
          'The server keeps trying for a day; "npm run admin -- mail --queued" lists it.',
      );
    }
  },
});
