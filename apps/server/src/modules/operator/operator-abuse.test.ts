// Guessing an operator's password or second factor (issue 31 §1–2; decisions 011 and 013): a
// stranger's failures are capped per address and per (operator, address), and per operator only
// slow every try — except the TOTP code, whose per-operator cap leaves the recovery codes as the way
// in. Successes count nothing. Bursts are released at once over HTTP, from one address (whatever it
// forges in X-Forwarded-For) and from 100 addresses. The server's clock moves in 30-second steps so
// that each sign-in has a TOTP code of its own; the limits keep their real windows.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrollmentData, OperatorLoginData, OperatorSessionData } from '@recuerdos/shared/admin-api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { releaseAtOnce } from '../../../test/burst';
import { ipSequence } from '../../../test/roles';
import { makeOperator, totpCode, OPERATOR_PASSWORD, type TestOperator } from '../../../test/operators';
import { OPERATOR_LOGIN_POLICY, OPERATOR_MESSAGES, RECOVERY_CODE_POLICY, TOTP_CODE_POLICY } from './operator.service';

let clock = Date.now();
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: '1' }, now: () => new Date(clock) });
});
afterAll(async () => {
  await t.close();
});

const freshIp = ipSequence('10.31');
const from = (ip: string, headers: Record<string, string> = {}) => ({ headers: { ...headers, 'x-forwarded-for': ip } });

const PAIR_CAP = OPERATOR_LOGIN_POLICY.perTargetAddress.max;
const CODE_PAIR_CAP = TOTP_CODE_POLICY.perTargetAddress.max;
const TOTP_CAP = TOTP_CODE_POLICY.perTargetCap?.max ?? 0;

function login(email: string, password: string, ip = freshIp()) {
  return t.post<OperatorLoginData>('/api/admin/auth/login', { email, password }, from(ip));
}

function verify(stepToken: string, code: string, ip = freshIp()) {
  return t.post<OperatorSessionData>('/api/admin/auth/verify', { code }, from(ip, { operator: stepToken }));
}

/** A step session (the password is known: the stranger of these tests holds it too). */
async function stepOf(operator: TestOperator, ip = freshIp()): Promise<string> {
  const res = await login(operator.email, OPERATOR_PASSWORD, ip);
  expect(res.status).toBe(200);
  return res.body.data.token;
}

/** The next TOTP code: the clock moves one 30-second step, as between two real sign-ins. */
function nextCode(secret: string): string {
  clock += 30_000;
  return totpCode(secret, clock);
}

/** Six digits no authenticator of `secret` shows now (none of the three steps accepted). */
function wrongCode(secret: string, i = 0): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, clock + d)));
  for (let n = i; ; n++) {
    const code = String((n * 7919 + 123_457) % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

/** An operator enrolled through the server, with its recovery codes. */
async function enrolledOperator(): Promise<{ operator: TestOperator; secret: string; recoveryCodes: string[] }> {
  const operator = await makeOperator(t.db, { enrolled: false });
  const step = await stepOf(operator);
  const { secret } = (await t.post<EnrollmentData>('/api/admin/auth/enroll', {}, { headers: { operator: step } })).body.data;
  const done = await t.post<OperatorSessionData>('/api/admin/auth/enroll/confirm', { code: nextCode(secret) }, { headers: { operator: step } });
  expect(done.status).toBe(200);
  return { operator, secret, recoveryCodes: done.body.data.recoveryCodes ?? [] };
}

const auditCount = async (email: string, action: string, server = t) =>
  (await server.db.selectFrom('auditLog').select('id').where('operatorEmail', '=', email).where('action', '=', action).execute()).length;

const count = (statuses: readonly number[], status: number) => statuses.filter((s) => s === status).length;

/** Of a burst, exactly `checked` were compared (answered `wrong` and audited as `action`); the rest got 429. */
async function expectChecked(statuses: readonly number[], wrong: 400 | 401, checked: number, email: string, action: string, server = t): Promise<void> {
  expect(count(statuses, wrong)).toBe(checked);
  expect(count(statuses, 429)).toBe(statuses.length - checked);
  expect(await auditCount(email, action, server)).toBe(checked);
}

describe('the password', () => {
  it("a stranger's wrong passwords from one address stop that address only; the operator's right password gets in from another", async () => {
    const operator = await makeOperator(t.db);
    const stranger = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await login(operator.email, `mala-clave-${i}`, stranger)).status);
    expect(statuses).toEqual([...Array<number>(PAIR_CAP).fill(401), ...Array<number>(20 - PAIR_CAP).fill(429)]);
    // Strict for that address: even the right password waits there.
    const there = await login(operator.email, OPERATOR_PASSWORD, stranger);
    expect(there.status).toBe(429);
    expect(there.body.message).toBe(OPERATOR_MESSAGES.tooManyLogins);
    expect(Number(there.headers.get('retry-after'))).toBeGreaterThan(0);
    // The operator, from their own address, is not locked out.
    const mine = await login(operator.email, OPERATOR_PASSWORD);
    expect(mine.status).toBe(200);
    expect(mine.body.data.next).toBe('verify');
  });

  it('100 wrong passwords released at once from 100 addresses only slow each try; the right one from another address still gets in', async () => {
    const operator = await makeOperator(t.db);
    const before = t.pauses.length;
    const statuses = await releaseAtOnce(
      t.url,
      Array.from({ length: 100 }, (_, i) => ({
        path: '/api/admin/auth/login',
        body: { email: operator.email, password: `mala-clave-${i}` },
        headers: { 'x-forwarded-for': freshIp() },
      })),
    );
    expect(count(statuses, 401)).toBe(100);
    const pauses = t.pauses.slice(before).sort((a, b) => a - b);
    expect(pauses).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, ...Array<number>(92).fill(8000)]);

    const mine = await login(operator.email, OPERATOR_PASSWORD);
    expect(mine.status).toBe(200);
    // It waited the longest pause, never more.
    expect(t.pauses.at(-1)).toBe(OPERATOR_LOGIN_POLICY.perTarget.maxMs);
  });

  it('100 guesses released at once from one address, each forging its own X-Forwarded-For entry, check exactly the cap', async () => {
    const operator = await makeOperator(t.db);
    const attacker = freshIp();
    const statuses = await releaseAtOnce(
      t.url,
      Array.from({ length: 100 }, (_, i) => ({
        path: '/api/admin/auth/login',
        body: { email: operator.email, password: `mala-clave-${i}` },
        // The leftmost entries are the client's own words; TRUST_PROXY=1 takes the one our proxy added.
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.${i}, ${attacker}` },
      })),
    );
    await expectChecked(statuses, 401, PAIR_CAP, operator.email, 'operator.login-failed');
  });

  it('one address guessing many e-mails is stopped at its cap', async () => {
    const attacker = freshIp();
    const max = OPERATOR_LOGIN_POLICY.perAddress.max;
    for (let i = 0; i < max; i++) expect((await login(`nadie-${i}-${randomBytes(3).toString('hex')}@recuerdos.test`, 'x-clave', attacker)).status).toBe(401);
    const operator = await makeOperator(t.db);
    expect((await login(operator.email, OPERATOR_PASSWORD, attacker)).status).toBe(429);
    expect((await login(operator.email, OPERATOR_PASSWORD)).status).toBe(200);
  });

  it('counts no success: 25 logins from one address all get in, and wrong ones before a success are forgotten', async () => {
    const operator = await makeOperator(t.db);
    const office = freshIp();
    const before = t.pauses.length;
    for (let i = 0; i < 25; i++) expect((await login(operator.email, OPERATOR_PASSWORD, office)).status).toBe(200);
    expect(t.pauses.slice(before).every((ms) => ms === 0)).toBe(true);

    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PAIR_CAP - 1; i++) expect((await login(operator.email, `mala-${i}`, office)).status).toBe(401);
      expect((await login(operator.email, OPERATOR_PASSWORD, office)).status).toBe(200);
    }
  });
});

describe('the second factor', () => {
  it("after a stranger's wrong codes from one address, the operator's right TOTP code and an unused recovery code still work", async () => {
    const { operator, secret, recoveryCodes } = await enrolledOperator();
    const stranger = freshIp();
    const strangerStep = await stepOf(operator, stranger);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await verify(strangerStep, wrongCode(secret, i), stranger)).status);
    expect(statuses).toEqual([...Array<number>(CODE_PAIR_CAP).fill(400), ...Array<number>(12 - CODE_PAIR_CAP).fill(429)]);
    const refused = await verify(strangerStep, wrongCode(secret, 99), stranger);
    expect(refused.body.message).toBe(OPERATOR_MESSAGES.tooManyCodes);

    const byCode = await verify(await stepOf(operator), nextCode(secret));
    expect(byCode.status).toBe(200);
    const byRecovery = await verify(await stepOf(operator), recoveryCodes[0] ?? '');
    expect(byRecovery.status).toBe(200);
    expect(byRecovery.body.data.recoveryCodesLeft).toBe(recoveryCodes.length - 1);
    expect(await auditCount(operator.email, 'operator.second-factor-failed')).toBe(CODE_PAIR_CAP);
  });

  it('100 wrong TOTP codes released at once from 100 addresses check exactly the per-operator cap; a recovery code still gets in', async () => {
    const { operator, secret, recoveryCodes } = await enrolledOperator();
    const strangerStep = await stepOf(operator);
    const statuses = await releaseAtOnce(
      t.url,
      Array.from({ length: 100 }, (_, i) => ({
        path: '/api/admin/auth/verify',
        body: { code: wrongCode(secret, i) },
        headers: { operator: strangerStep, 'x-forwarded-for': freshIp() },
      })),
    );
    await expectChecked(statuses, 400, TOTP_CAP, operator.email, 'operator.second-factor-failed');

    // The stranger spent the TOTP cap: the right code is refused and says what else works.
    const step = await stepOf(operator);
    const byCode = await verify(step, nextCode(secret));
    expect(byCode.status).toBe(429);
    expect(byCode.body.message).toBe(OPERATOR_MESSAGES.tooManyTotpCodes);
    const byRecovery = await verify(step, recoveryCodes[4] ?? '');
    expect(byRecovery.status).toBe(200);
    expect((await t.get('/api/admin/auth/me', { headers: { operator: byRecovery.body.data.token } })).status).toBe(200);
  });

  it('100 wrong codes released at once from one address check exactly the per-address cap', async () => {
    const operator = await makeOperator(t.db);
    const attacker = freshIp();
    const strangerStep = await stepOf(operator, attacker);
    const statuses = await releaseAtOnce(
      t.url,
      Array.from({ length: 100 }, (_, i) => ({
        path: '/api/admin/auth/verify',
        // Half TOTP codes, half recovery-code guesses: they share the address's counts.
        body: { code: i % 2 ? wrongCode(operator.secret, i) : `zzzz-zzzz-${String(i).padStart(2, '0').replace(/[01]/g, 'z')}` },
        headers: { operator: strangerStep, 'x-forwarded-for': `203.0.113.${i}, ${attacker}` },
      })),
    );
    await expectChecked(statuses, 400, CODE_PAIR_CAP, operator.email, 'operator.second-factor-failed');
  });

  it('one address guessing the codes of many operators is stopped at its cap', async () => {
    const attacker = freshIp();
    const perAddress = RECOVERY_CODE_POLICY.perAddress.max;
    const operators = await Promise.all(Array.from({ length: perAddress / CODE_PAIR_CAP + 1 }, () => makeOperator(t.db)));
    const steps = await Promise.all(operators.map((operator) => stepOf(operator)));
    const statuses: number[] = [];
    for (const [n, operator] of operators.entries()) {
      for (let i = 0; i < CODE_PAIR_CAP; i++) statuses.push((await verify(steps[n] ?? '', wrongCode(operator.secret, i), attacker)).status);
    }
    expect(statuses).toEqual([...Array<number>(perAddress).fill(400), ...Array<number>(CODE_PAIR_CAP).fill(429)]);
    // The last operator, from their own address, is not affected.
    const last = operators.at(-1);
    if (!last) throw new Error('no operator');
    expect((await verify(steps.at(-1) ?? '', nextCode(last.secret))).status).toBe(200);
  });

  it('counts no success: twelve sign-ins in a few minutes, from one address, all get in', async () => {
    const { operator, secret, recoveryCodes } = await enrolledOperator();
    const office = freshIp();
    for (let i = 0; i < 12; i++) {
      const signedIn = await verify(await stepOf(operator, office), i === 6 ? (recoveryCodes[1] ?? '') : nextCode(secret), office);
      expect(signedIn.status).toBe(200);
    }
    // A typo after all that is an ordinary wrong code, and the next right one gets in.
    const step = await stepOf(operator, office);
    expect((await verify(step, wrongCode(secret), office)).status).toBe(400);
    expect((await verify(step, nextCode(secret), office)).status).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('operator-abuse.test: the two-instance cases not run (reason: TEST_REDIS_URL is not set)');

describe.skipIf(!redisUrl)('two instances sharing one Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ env: { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:`, TRUST_PROXY: '1' }, now: () => new Date(clock) });
    b = await startTestServer({ shareWith: a, env: { TRUST_PROXY: '1' }, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** Half the requests to each instance, every last byte released together. */
  const overBoth = (requests: { path: string; body: Record<string, unknown>; headers: Record<string, string> }[]) =>
    Promise.all([releaseAtOnce(a.url, requests.filter((_, i) => i % 2 === 0)), releaseAtOnce(b.url, requests.filter((_, i) => i % 2 === 1))]).then((r) => r.flat());

  it('share the caps: of 100 wrong passwords, then 100 wrong TOTP codes, spread over both, each instance checks its share of one cap', async () => {
    const operator = await makeOperator(a.db);
    const attacker = freshIp();
    const passwords = await overBoth(
      Array.from({ length: 100 }, (_, i) => ({
        path: '/api/admin/auth/login',
        body: { email: operator.email, password: `mala-clave-${i}` },
        headers: { 'x-forwarded-for': attacker },
      })),
    );
    await expectChecked(passwords, 401, PAIR_CAP, operator.email, 'operator.login-failed', a);

    // The operator's password from another address, on the other instance, still gets in.
    const step = await b.post<OperatorLoginData>('/api/admin/auth/login', { email: operator.email, password: OPERATOR_PASSWORD }, from(freshIp()));
    expect(step.status).toBe(200);
    const codes = await overBoth(
      Array.from({ length: 100 }, (_, i) => ({
        path: '/api/admin/auth/verify',
        body: { code: wrongCode(operator.secret, i) },
        headers: { operator: step.body.data.token, 'x-forwarded-for': freshIp() },
      })),
    );
    await expectChecked(codes, 400, TOTP_CAP, operator.email, 'operator.second-factor-failed', a);
    const refused = await b.post('/api/admin/auth/verify', { code: nextCode(operator.secret) }, from(freshIp(), { operator: step.body.data.token }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(OPERATOR_MESSAGES.tooManyTotpCodes);
  });
});
