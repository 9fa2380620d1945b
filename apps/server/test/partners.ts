// Partners for partner-channel tests (issue 30): a funeral home with two branches, its staff made
// the way the server makes them (known password and TOTP secret), and sessions at either step.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as OTPAuth from 'otpauth';
import type { Database, Partner, PartnerBranch, PartnerRole, PartnerUser } from '../src/db/schema';
import { nowIso } from '../src/db/database';
import { hashPassword } from '../src/auth/passwords';
import { PARTNER_REALM } from '../src/modules/partner/partner.service';
import { openSession } from '../src/modules/staff-auth/staff-auth.service';
import { rucCheckDigit } from '@recuerdos/shared/ruc';

export const PARTNER_PASSWORD = 'clave-de-socio-01';

let passwordHashOnce: Promise<string> | null = null;
let rucSeq = 0;

/** A valid RUC 20 nobody else in this test run has. */
export function uniqueRuc(): string {
  rucSeq += 1;
  const firstTen = `20${String((process.pid * 1000 + rucSeq) % 100_000_000).padStart(8, '0')}`;
  return `${firstTen}${rucCheckDigit(firstTen)}`;
}

export interface TestPartner {
  partner: Partner;
  branch: PartnerBranch;
  otherBranch: PartnerBranch;
}

/** A partner with two branches ('Sede Miraflores', 'Sede Surco'). */
export async function makePartner(db: Kysely<Database>, overrides: Partial<Pick<Partner, 'name' | 'commissionBp' | 'suspendedAt'>> = {}): Promise<TestPartner> {
  const at = nowIso();
  const partner = await db
    .insertInto('partners')
    .values({
      name: overrides.name ?? 'Funeraria San Martín',
      legalName: 'Servicios Funerarios San Martín S.A.C.',
      ruc: uniqueRuc(),
      logoKey: null,
      commissionBp: overrides.commissionBp ?? 1000,
      suspendedAt: overrides.suspendedAt ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const branch = await db.insertInto('partnerBranches').values({ partnerId: partner.id, name: 'Sede Miraflores', address: 'Av. Larco 100', createdAt: at }).returningAll().executeTakeFirstOrThrow();
  const otherBranch = await db.insertInto('partnerBranches').values({ partnerId: partner.id, name: 'Sede Surco', address: '', createdAt: at }).returningAll().executeTakeFirstOrThrow();
  return { partner, branch, otherBranch };
}

export interface TestPartnerUser extends PartnerUser {
  password: string;
  secret: string;
}

/** Staff with the known password; an admin has a confirmed authenticator unless `enrolled: false`. */
export async function makePartnerUser(
  db: Kysely<Database>,
  partner: Pick<Partner, 'id'>,
  overrides: { role?: PartnerRole; branchId?: number | null; email?: string; name?: string; enrolled?: boolean } = {},
): Promise<TestPartnerUser> {
  passwordHashOnce ??= hashPassword(PARTNER_PASSWORD);
  const role = overrides.role ?? 'adviser';
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const enrolled = role === 'admin' && (overrides.enrolled ?? true);
  const at = nowIso();
  const row = await db
    .insertInto('partnerUsers')
    .values({
      partnerId: partner.id,
      branchId: role === 'admin' ? null : (overrides.branchId ?? null),
      email: overrides.email ?? `socio-${randomBytes(4).toString('hex')}@funeraria.test`,
      name: overrides.name ?? (role === 'admin' ? 'Rosa Díaz' : 'Luis Paz'),
      role,
      passwordHash: await passwordHashOnce,
      totpSecret: enrolled ? secret : null,
      totpConfirmedAt: enrolled ? at : null,
      totpLastStep: null,
      createdAt: at,
      updatedAt: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, password: PARTNER_PASSWORD, secret };
}

/** A session token: complete, or (an admin) only past the password. */
export function partnerToken(db: Kysely<Database>, user: Pick<PartnerUser, 'id'>, complete = true): Promise<string> {
  return openSession(PARTNER_REALM, db, user.id, complete);
}

export function asPartner(token: string): { headers: Record<string, string> } {
  return { headers: { partner: token } };
}
