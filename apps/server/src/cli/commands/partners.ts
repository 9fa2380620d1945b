// The partner channel from the command line (issue 30 §1, docs/decisions/031): funeral homes and
// camposantos (partners) with their first branch, their staff, and suspension. Their `--json`
// lines are relied on by scripts: keep their shape.
import { EMAIL_PATTERN, normalizeEmail } from '@recuerdos/shared/email';
import { LIMITS } from '@recuerdos/shared/limits';
import { OPERATOR_PASSWORD_MIN } from '@recuerdos/shared/admin-schemas';
import { PARTNER_LIMITS } from '@recuerdos/shared/partner-schemas';
import { isValidRuc } from '@recuerdos/shared/ruc';
import { cleanLine } from '@recuerdos/shared/text';
import { CliError, UsageError, defineCommand, requireFlag } from '../kit';

function text(values: Record<string, unknown>, name: string, max: number): string {
  const value = cleanLine(requireFlag(values, name)).trim();
  if (value.length > max) throw new UsageError(`--${name} can have at most ${max} characters`);
  return value;
}

function positiveId(values: Record<string, unknown>, name: string): number {
  const raw = requireFlag(values, name).trim();
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new UsageError(`--${name} must be a number (the id printed when it was created)`);
  return Number(raw);
}

async function service() {
  // Loaded when a command runs: --help needs none of the TOTP and QR code libraries behind it.
  return import('../../modules/partner/partner.service');
}

export const createPartnerCommand = defineCommand({
  name: 'create-partner',
  summary: 'Create a partner (a funeral home or camposanto that sells memorials) with its first branch',
  usage: '--name NAME --ruc RUC [--legal-name NAME] [--commission PERCENT] [--branch NAME] [--json]',
  details: [
    'Options:',
    '  --name NAME          the trade name families know (shown on the memorial during the funeral phase)',
    '  --ruc RUC            the 11-digit RUC; its SUNAT check digit is verified',
    '  --legal-name NAME    the razón social on statements (default: the trade name)',
    '  --commission P       the partner\'s commission in percent, up to two decimals (default 0)',
    '  --branch NAME        the first branch (sede); default "Sede principal"',
    '  --json               print exactly one JSON line:',
    '                       {"partner":ID,"branch":ID,"name":"…","ruc":"…","commission":12.5}',
    '',
    'Then create its staff with create-partner-user (an admin, and advisers in a branch).',
  ],
  examples: [
    'npm run admin -- create-partner --name "Funeraria San Martín" --ruc 20100047218 --commission 12.5',
  ],
  options: {
    name: { type: 'string' },
    ruc: { type: 'string' },
    'legal-name': { type: 'string' },
    commission: { type: 'string' },
    branch: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  async run(values, env) {
    const name = text(values, 'name', PARTNER_LIMITS.nameMax);
    const ruc = requireFlag(values, 'ruc').replace(/\s+/g, '');
    if (!isValidRuc(ruc)) throw new UsageError(`--ruc "${ruc}" is not a valid RUC (11 digits starting 10, 15, 16, 17 or 20, with the SUNAT check digit)`);
    const legalName = values['legal-name'] === undefined ? name : text(values, 'legal-name', PARTNER_LIMITS.nameMax);
    const branchName = values.branch === undefined ? 'Sede principal' : text(values, 'branch', PARTNER_LIMITS.branchNameMax);
    const { commissionBasisPoints, createPartner, PartnerInputError } = await service();
    const commissionBp = values.commission === undefined ? 0 : commissionBasisPoints(values.commission);
    if (commissionBp === null) throw new UsageError('--commission must be a percentage from 0 to 100 with at most two decimals');
    const { db } = await env.database();
    try {
      const { partner, branch } = await createPartner(db, { name, legalName, ruc, commissionBp, branchName });
      if (values.json) {
        env.out(JSON.stringify({ partner: partner.id, branch: branch.id, name: partner.name, ruc: partner.ruc, commission: partner.commissionBp / 100 }));
        return;
      }
      env.out(`Partner ${partner.id} (${partner.name}, RUC ${partner.ruc}) created, commission ${partner.commissionBp / 100} %.`);
      env.out(`  branch ${branch.id}   ${branch.name}`);
    } catch (err) {
      if (err instanceof PartnerInputError) throw new CliError(err.message);
      throw err;
    }
  },
});

export const createPartnerUserCommand = defineCommand({
  name: 'create-partner-user',
  summary: 'Create a partner\'s admin or adviser (prints a set-password link unless --password)',
  usage: '--partner ID --email EMAIL --name NAME --role admin|adviser [--branch ID] [--password PASSWORD] [--json]',
  details: [
    'Options:',
    '  --partner ID        the partner (create-partner printed its id)',
    '  --email EMAIL       their sign-in at /socios; one e-mail per person across all partners',
    '  --name NAME         their name, shown to their colleagues',
    '  --role R            admin (manages branches and advisers; signs in with a second factor) or adviser',
    '  --branch ID         the adviser\'s branch (required for an adviser; ignored for an admin)',
    `  --password P        lets them sign in at once (${OPERATOR_PASSWORD_MIN} characters at least); without it a`,
    '                      single-use set-password link (72 hours) is printed to hand over',
    '  --json              print exactly one JSON line:',
    '                      {"user":ID,"partner":ID,"role":"…","branch":ID|null,"email":"…","setPasswordUrl":"…"|null}',
  ],
  examples: [
    'npm run admin -- create-partner-user --partner 3 --email gerencia@sanmartin.pe --name "Rosa Díaz" --role admin',
    'npm run admin -- create-partner-user --partner 3 --email ventas1@sanmartin.pe --name "Luis Paz" --role adviser --branch 5',
  ],
  options: {
    partner: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    branch: { type: 'string' },
    password: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  async run(values, env) {
    const partnerId = positiveId(values, 'partner');
    const email = normalizeEmail(requireFlag(values, 'email'));
    if (email.length > LIMITS.loginEmailMax || !EMAIL_PATTERN.test(email)) throw new UsageError(`--email "${email}" is not a valid e-mail address`);
    const name = text(values, 'name', PARTNER_LIMITS.nameMax);
    const role = requireFlag(values, 'role');
    if (role !== 'admin' && role !== 'adviser') throw new UsageError('--role must be admin or adviser');
    const branchId = role === 'adviser' ? positiveId(values, 'branch') : null;
    const password = values.password;
    if (password !== undefined && (password.length < OPERATOR_PASSWORD_MIN || password.length > LIMITS.passwordMax)) {
      throw new UsageError(`--password must have ${OPERATOR_PASSWORD_MIN} to ${LIMITS.passwordMax} characters`);
    }
    const { db } = await env.database();
    const { createPartnerUser } = await service();
    const { findBranch, findPartnerById, findPartnerUserByEmail } = await import('../../modules/partner/partner.repository');
    if (!(await findPartnerById(db, partnerId))) throw new CliError(`no partner with id ${partnerId}`);
    if (branchId !== null && !(await findBranch(db, partnerId, branchId))) throw new CliError(`partner ${partnerId} has no branch ${branchId}`);
    if (await findPartnerUserByEmail(db, email)) throw new CliError(`${email} already belongs to a partner's staff`);
    const { user, setPasswordUrl } = await createPartnerUser({ db, config: env.config }, { partnerId, email, name, role, branchId, password });
    if (values.json) {
      env.out(JSON.stringify({ user: user.id, partner: user.partnerId, role: user.role, branch: user.branchId, email: user.email, setPasswordUrl }));
      return;
    }
    env.out(`Partner ${role} ${user.email} (${user.name}) created, id ${user.id}.`);
    env.out(setPasswordUrl ? `  set-password link   ${setPasswordUrl}` : '  password set: they can sign in at /socios now');
  },
});

function suspensionCommand(suspend: boolean) {
  return defineCommand({
    name: suspend ? 'suspend-partner' : 'resume-partner',
    summary: suspend
      ? "Suspend a partner: its staff's sessions end and they cannot sign in; its memorials are untouched"
      : 'Lift a partner\'s suspension: its staff can sign in again',
    usage: '--partner ID',
    details: ['Options:', '  --partner ID    the partner (create-partner printed its id)'],
    examples: [`npm run admin -- ${suspend ? 'suspend-partner' : 'resume-partner'} --partner 3`],
    options: { partner: { type: 'string' } },
    async run(values, env) {
      const partnerId = positiveId(values, 'partner');
      const { db } = await env.database();
      const { setPartnerSuspension } = await service();
      const partner = await setPartnerSuspension(db, partnerId, suspend);
      if (!partner) throw new CliError(`no partner with id ${partnerId}`);
      env.out(suspend ? `Partner ${partner.id} (${partner.name}) suspended; its staff's sessions ended.` : `Partner ${partner.id} (${partner.name}) can work again.`);
    },
  });
}

export const suspendPartnerCommand = suspensionCommand(true);
export const resumePartnerCommand = suspensionCommand(false);
