// Operators for back-office tests (issue 15): rows made the way the server makes them, with a known
// password and TOTP secret, and sessions at either step (password only, or complete).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as OTPAuth from 'otpauth';
import type { Database, Operator } from '../src/db/schema';
import { nowIso } from '../src/db/database';
import { hashPassword } from '../src/auth/passwords';
import { OPERATOR_REALM } from '../src/modules/operator/operator.service';
import { openSession } from '../src/modules/staff-auth/staff-auth.service';

export const OPERATOR_PASSWORD = 'clave-de-operador-1';

let passwordHashOnce: Promise<string> | null = null;

export interface TestOperator extends Operator {
  password: string;
  secret: string;
}

/** An operator with a password and a confirmed authenticator (unless `enrolled: false`). */
export async function makeOperator(
  db: Kysely<Database>,
  overrides: { email?: string; name?: string; enrolled?: boolean } = {},
): Promise<TestOperator> {
  passwordHashOnce ??= hashPassword(OPERATOR_PASSWORD);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const now = nowIso();
  const enrolled = overrides.enrolled ?? true;
  const row = await db
    .insertInto('operators')
    .values({
      email: overrides.email ?? `operador-${randomBytes(4).toString('hex')}@recuerdos.test`,
      name: overrides.name ?? 'Lucía Torres',
      passwordHash: await passwordHashOnce,
      totpSecret: enrolled ? secret : null,
      totpConfirmedAt: enrolled ? now : null,
      totpLastStep: null,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, password: OPERATOR_PASSWORD, secret };
}

/** A session token of the operator: complete (password and second factor) or only past the password. */
export function operatorToken(db: Kysely<Database>, operator: Pick<Operator, 'id'>, complete = true): Promise<string> {
  return openSession(OPERATOR_REALM, db, operator.id, complete);
}

/** The authenticator app's code for `secret` at `at` (30-second steps). */
export function totpCode(secret: string, at: number = Date.now()): string {
  return new OTPAuth.TOTP({ issuer: 'Recuerdos', algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** Request headers of an operator session. */
export function asOperator(token: string): { headers: Record<string, string> } {
  return { headers: { operator: token } };
}
