// The guest memorial's data in one read (not in spec §7): what verify-type-account, get-data-for-guest,
// get-gifts-for-guest and the two published post lists answer, under the same permissions as those
// four reads, so the page needs no chain of round trips (issue 5). Also feeds the server-rendered
// /guest page, which renders the access-code screen when the caller may not read the memorial.
import type { AppContext } from '../../context';
import type { Memorial } from '../../db/schema';
import { accessMemorial, findMemorial, relationOf, type Caller, type MemorialAccess } from '../../auth/memorial-access';
import { authorize, holds } from '../../auth/permissions';
import { CONTENT_POLICY } from '../content/content.policy';
import type { ListedPost } from '../content/content.repository';
import { cachedPostList } from '../content/post-list-cache';
import { GIFT_POLICY } from '../gift/gift.policy';
import { PERSON_POLICY } from '../person/person.policy';
import { eventsOf, type EventRow } from '../remembrance/remembrance.repository';
import { funeralPartnerWithLogoOf, inFuneralPhase } from '../partner/funeral-phase';

export interface GuestView {
  memorial: Memorial;
  ownerPosts: readonly ListedPost[];
  guestPosts: readonly ListedPost[];
  events: readonly EventRow[];
  /** The funeral home (and its logo's key) while the funeral phase lasts (issue 30 §4), else null. */
  funeralPartner: { name: string; logoKey: string | null } | null;
}

/** The rows of each combined read: the view is readable only when every one of them is. */
const VIEW_PERMISSIONS = [PERSON_POLICY.readType, PERSON_POLICY.readForGuest, GIFT_POLICY.readForGuest, CONTENT_POLICY.readPublished] as const;

async function viewOf(ctx: AppContext, access: MemorialAccess): Promise<GuestView> {
  for (const permission of VIEW_PERMISSIONS) authorize(permission, access);
  const { memorial } = access;
  const [ownerPosts, guestPosts, events, funeralPartner] = await Promise.all([
    cachedPostList(ctx.db, memorial, 'owner'),
    cachedPostList(ctx.db, memorial, 'approved-guest'),
    eventsOf(ctx.db, memorial.id),
    // Read only while the phase lasts: its end (the row, Lima's day) is in every cache stamp, and a
    // new logo touches the rows of the memorials showing it (partner-logo.ts).
    inFuneralPhase(memorial, ctx.now()) ? funeralPartnerWithLogoOf(ctx.db, memorial.id) : null,
  ]);
  return { memorial, ownerPosts, guestPosts, events, funeralPartner };
}

/** GET /person/guest-view: 404 for an unknown memorial, 401 for a private one without its guest token. */
export async function guestView(ctx: AppContext, caller: Caller, identifier: string): Promise<GuestView> {
  return viewOf(ctx, await accessMemorial(ctx.db, caller, identifier));
}

export interface GuestPageState {
  memorial: Memorial;
  /** Null when the caller may only see what verify-type-account reveals (the access-code screen). */
  view: GuestView | null;
}

export interface GuestPageAccess {
  access: MemorialAccess;
  /** Whether the caller may read the memorial (else the page is the access-code screen). */
  readable: boolean;
}

/** Who may see what on the /guest page: null for an unknown memorial. One read; no posts yet. */
export async function guestPageAccess(ctx: AppContext, caller: Caller, identifier: string): Promise<GuestPageAccess | null> {
  const memorial = await findMemorial(ctx.db, identifier);
  if (!memorial) return null;
  const relation = relationOf(memorial, caller);
  return { access: { memorial, relation, caller }, readable: VIEW_PERMISSIONS.every((permission) => holds(permission[relation], memorial)) };
}

/** The /guest page's data: the memorial, and its view when the caller may read it. */
export async function guestPageState(ctx: AppContext, { access, readable }: GuestPageAccess): Promise<GuestPageState> {
  return { memorial: access.memorial, view: readable ? await viewOf(ctx, access) : null };
}
