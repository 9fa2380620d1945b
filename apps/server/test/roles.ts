// The five callers every endpoint is tested against (DESIGN §4): nobody, a guest of the memorial,
// a guest of another memorial, its owner, and the owner of another account.
import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database, Memorial } from '../src/db/schema';
import { makeGuestToken, makeOwner } from './factories';
import type { RequestOptions } from './helper';

export const ROLES = ['anonymous', 'guest', 'otherGuest', 'owner', 'otherOwner'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleSet {
  owner: Awaited<ReturnType<typeof makeOwner>>;
  other: Awaited<ReturnType<typeof makeOwner>>;
  guestToken: string;
  otherGuestToken: string;
}

/** An owner with a memorial (overrides apply), another account with its own, and a guest of each. */
export async function makeRoles(db: Kysely<Database>, memorial: Partial<Omit<Memorial, 'id' | 'accountId'>> = {}): Promise<RoleSet> {
  const owner = await makeOwner(db, { memorial });
  const other = await makeOwner(db, { memorial: { type: 'P', accessCode: 'otro' } });
  return {
    owner,
    other,
    guestToken: await makeGuestToken(db, owner.memorial),
    otherGuestToken: await makeGuestToken(db, other.memorial),
  };
}

export function auth(roles: RoleSet, role: Role): Pick<RequestOptions, 'token' | 'guest'> {
  switch (role) {
    case 'anonymous':
      return {};
    case 'guest':
      return { guest: roles.guestToken };
    case 'otherGuest':
      return { guest: roles.otherGuestToken };
    case 'owner':
      return { token: roles.owner.token };
    case 'otherOwner':
      return { token: roles.other.token };
  }
}

/** Expected statuses: the owner alone (401 without a session, 403 with someone else's). */
export const OWNER_ONLY: Record<Role, number> = { anonymous: 401, guest: 401, otherGuest: 401, owner: 200, otherOwner: 403 };
/** Readable by the owner and the memorial's guests (a private memorial). */
export const OWNER_OR_GUEST: Record<Role, number> = { anonymous: 401, guest: 200, otherGuest: 401, owner: 200, otherOwner: 401 };
/** Readable by anyone (a public memorial). */
export const EVERYONE: Record<Role, number> = { anonymous: 200, guest: 200, otherGuest: 200, owner: 200, otherOwner: 200 };

/** One endpoint's expected status per role, on a private (P) and a public (U) memorial. */
export interface RoleCase {
  name: string;
  expect: { P: Record<Role, number>; U: Record<Role, number> };
  /** Calls the endpoint; `changed` says whether it changed anything (checked for mutations). */
  run(roles: RoleSet, options: RequestOptions): Promise<{ status: number; data: unknown; changed?: boolean }>;
}

/**
 * One test per case × memorial type × role, each on fresh memorials: the status must match, a
 * refusal carries no data, and a mutation changes something exactly when it is allowed.
 */
export function testRoles(db: () => Kysely<Database>, cases: RoleCase[], extra: () => Pick<RequestOptions, 'headers'> = () => ({})): void {
  for (const type of ['P', 'U'] as const) {
    for (const c of cases) {
      for (const role of ROLES) {
        it(`${c.name} on a ${type === 'P' ? 'private' : 'public'} memorial as ${role} → ${c.expect[type][role]}`, async () => {
          const roles = await makeRoles(db(), { type, accessCode: 'clave1' });
          const result = await c.run(roles, { ...auth(roles, role), ...extra() });
          expect(result.status).toBe(c.expect[type][role]);
          if (result.status !== 200) expect(result.data).toEqual({});
          if (result.changed !== undefined) expect(result.changed).toBe(result.status === 200);
        });
      }
    }
  }
}

/** Distinct client addresses for X-Forwarded-For (servers started with TRUST_PROXY=1). */
export function ipSequence(prefix: string): () => string {
  let n = 1;
  return () => {
    n += 1;
    return `${prefix}.${(n >> 8) & 255}.${n & 255}`;
  };
}
