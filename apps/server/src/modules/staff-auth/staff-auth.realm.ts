// A staff realm (docs/decisions/033): the people of one staff role (operators of the back office,
// a partner's staff at /socios) with their own tables, header, limiter keys and audit actions. The
// sign-in machinery (staff-auth.service.ts) is written once and takes the realm it serves; nothing
// in it can mix two realms' rows, tokens or counts.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AttemptPolicy, Cap } from '../../security/attempt-guard';
import type { AuditActor } from '../audit/audit.service';
import type { StaffTableNames } from './staff-auth.tables';

/** The Spanish answers of the sign-in (each realm words its own). */
export interface StaffMessages {
  badCredentials: string;
  badCode: string;
  sessionExpired: string;
  secondFactorRequired: string;
  alreadyEnrolled: string;
  notEnrolled: string;
  tooManyLogins: string;
  tooManyCodes: string;
  tooManyTotpCodes: string;
  invalidLink: string;
  passwordSet: string;
  loggedOut: string;
}

/** The columns of a person the sign-in reads (the realm's row has more). */
export interface StaffUser {
  id: number;
  email: string;
  name: string;
  passwordHash: string | null;
  totpSecret: string | null;
  totpConfirmedAt: string | null;
}

/** A session as the sign-in knows it; a realm's session adds its own fields. */
export interface StaffSession {
  sessionId: number;
  userId: number;
  email: string;
  name: string;
  /** False between the password and the second factor. */
  complete: boolean;
}

/** Session lengths of every staff realm (013, 031): a working day at most, 30 idle minutes. */
export const STAFF_SESSION = {
  /** Between the password and the second factor. */
  stepTtlMs: 10 * 60_000,
  /** A working day at most, whatever the activity. */
  ttlMs: 8 * 3600_000,
  /** Ended after this long without a request. */
  idleMs: 30 * 60_000,
  /** The last-seen time is written at most this often. */
  touchEveryMs: 60_000,
} as const;

export const SET_PASSWORD_TTL_MS = 72 * 3600_000;
export const RECOVERY_CODE_COUNT = 10;

export interface StaffPolicies {
  login: AttemptPolicy;
  recoveryCode: AttemptPolicy;
  totpCode: AttemptPolicy;
  enrolmentCode: AttemptPolicy;
}

/** Wrong TOTP codes per person, over every address: 240 a day, each about a 3-in-a-million chance. */
const TOTP_PER_USER: Cap = { max: 10, windowMs: 60 * 60_000 };

/**
 * The attempt guard's numbers for staff (011 §3a, 013), counted apart per realm under
 * `<prefix>-login:*` and `<prefix>-code:*`.
 *
 * - The password: failures are capped per address and per (e-mail typed, address); per e-mail, over
 *   every address, they only meet a growing pause, so a stranger's wrong passwords never refuse the
 *   rightful person's right one. Successes count nothing.
 * - A recovery code (about 50 random bits), keyed by person: the password's caps and pause. It shares
 *   every count with the TOTP code (one policy name) but not the per-person cap, so it is the way in
 *   when a stranger who holds the password has spent that cap.
 * - A TOTP code (6 digits, three valid at a time): also a strict cap per person over every address.
 * - Confirming the authenticator: the same counts, but no recovery codes exist yet to point to.
 */
export function staffPolicies(prefix: string, messages: StaffMessages): StaffPolicies {
  const login: AttemptPolicy = {
    name: `${prefix}-login`,
    perAddress: { max: 20, windowMs: 15 * 60_000 },
    perTargetAddress: { max: 5, windowMs: 15 * 60_000 },
    perTarget: { free: 5, windowMs: 60 * 60_000, firstMs: 1000, maxMs: 8000 },
    tooMany: messages.tooManyLogins,
    onSuccess: 'forget',
  };
  const recoveryCode: AttemptPolicy = { ...login, name: `${prefix}-code`, tooMany: messages.tooManyCodes };
  const totpCode: AttemptPolicy = { ...recoveryCode, perTargetCap: { ...TOTP_PER_USER, tooMany: messages.tooManyTotpCodes } };
  const enrolmentCode: AttemptPolicy = { ...totpCode, perTargetCap: { ...TOTP_PER_USER, tooMany: messages.tooManyCodes } };
  return { login, recoveryCode, totpCode, enrolmentCode };
}

export interface StaffRealm<User extends StaffUser = StaffUser, Session extends StaffSession = StaffSession> {
  /** The audit actions' prefix: `operator.login`, `partner.login`… (each listed in AUDIT_ACTIONS). */
  audit: 'operator' | 'partner';
  /** The request header carrying the session token. */
  header: string;
  tables: StaffTableNames;
  messages: StaffMessages;
  policies: StaffPolicies;
  /** The web app's page for the set-password link (`/admin/set-password`). */
  setPasswordPath: string;
  userByEmail(db: Kysely<Database>, email: string): Promise<User | null>;
  userById(db: Kysely<Database>, id: number): Promise<User | null>;
  /** Who did it, in the shared audit trail. */
  actor(person: { id: number; email: string }, ip: string): AuditActor;
  /** Who gives a second factor, and the 409 for who does not; absent: everyone gives one. */
  secondFactor?: { required(user: User): boolean; notUsed: string };
  /** Checked after the right password (its refusal is told only to whoever knows the password). */
  admit?(db: Kysely<Database>, user: User): Promise<void>;
  /** The realm's session from the shared one; null when the realm refuses it now (a suspended partner). */
  session(db: Kysely<Database>, base: StaffSession): Promise<Session | null>;
}
