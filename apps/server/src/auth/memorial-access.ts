// Who the caller is to one memorial (spec §6): its owner (a user session of the account that holds
// it), its guest (a guest session issued for it), or a visitor (anyone else, including the owner of
// another account and the guest of another memorial). Features decide what each may do in their
// policy files (permissions.ts evaluates them).
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Memorial } from '../db/schema';
import { clientAddress } from '../security/client-address';
import { findMemorialByIdentifier } from '../modules/memorial/memorial.repository';
import { memorialNotFound, requireMemorial } from '../modules/memorial/memorial.service';
import { optionalGuest, optionalUser } from './guards';
import type { GuestSession, UserSession } from './sessions';

export type Relation = 'owner' | 'guest' | 'visitor';

export interface Caller {
  user: UserSession | null;
  guest: GuestSession | null;
  /** The client's address as per-address limits count it (security/client-address.ts). */
  ip: string;
}

export interface MemorialAccess {
  memorial: Memorial;
  relation: Relation;
  caller: Caller;
}

export async function callerOf(db: Kysely<Database>, request: FastifyRequest): Promise<Caller> {
  const [user, guest] = await Promise.all([optionalUser(db, request), optionalGuest(db, request)]);
  return { user, guest, ip: clientAddress(request) };
}

export function relationOf(memorial: Pick<Memorial, 'id' | 'accountId'>, caller: Caller): Relation {
  if (caller.user?.accountId === memorial.accountId) return 'owner';
  if (caller.guest?.memorialId === memorial.id) return 'guest';
  return 'visitor';
}

export { memorialNotFound };

/** The memorial module's lookup (kept under this name for the modules that import it from here). */
export const findMemorial = findMemorialByIdentifier;

/** The memorial named by `identifier` and the caller's relation to it; 404 when there is none. */
export async function accessMemorial(db: Kysely<Database>, caller: Caller, identifier: string): Promise<MemorialAccess> {
  const memorial = await requireMemorial(db, identifier);
  return { memorial, relation: relationOf(memorial, caller), caller };
}
