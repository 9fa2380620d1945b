// The five callers every endpoint is tested against (DESIGN §4): nobody, a guest of the memorial,
// a guest of another memorial, its owner, and the owner of another account.
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
