// The guest view → the combined shape (@recuerdos/shared/api-types GuestViewData), built from the
// presenters of the four reads it replaces, so both answers stay identical field for field.
import type { GuestViewData } from '@recuerdos/shared/api-types';
import type { GuestPageData } from '@recuerdos/shared/guest-page';
import { presentPosts } from '../content/content.presenter';
import { presentGifts } from '../gift/gift.presenter';
import { presentAccountType, presentPersonData } from '../person/person.presenter';
import type { MediaLinks } from '../../media/media-links';
import { pageNumber } from '../content/post-pages';
import { presentEvents } from '../remembrance/remembrance.presenter';
import type { GuestPageState, GuestView } from './guest-view.service';
import { logoObject } from '../partner/partner-logo';

/** One page of each list (issue 13 §1); without it, both lists whole (the spec's reads). */
export interface ViewPaging {
  size: number;
  /** From 1. */
  page: number;
}

export function presentGuestView({ memorial, ownerPosts, guestPosts, events, funeralPartner }: GuestView, links: MediaLinks, now: Date, paging?: ViewPaging): GuestViewData {
  const link = links.of(memorial);
  const owner = paging ? pageNumber(ownerPosts, paging.size, paging.page) : { rows: ownerPosts, next: null };
  const guest = paging ? pageNumber(guestPosts, paging.size, paging.page) : { rows: guestPosts, next: null };
  return {
    ...presentAccountType(memorial),
    personData: presentPersonData(memorial, link),
    ...presentGifts(memorial),
    adminPosts: presentPosts(owner.rows, memorial.identifier, link).posts,
    guestPosts: presentPosts(guest.rows, memorial.identifier, link).posts,
    ...(paging ? { adminNext: owner.next, guestNext: guest.next } : {}),
    events: presentEvents(events, now),
    reminders: memorial.flagReminders === 1,
    ...(funeralPartner
      ? { funeral: { partner: funeralPartner.name, ...(funeralPartner.logoKey ? { logo: `/media/${logoObject(funeralPartner.logoKey)}` } : {}) } }
      : {}),
  };
}

export function presentGuestPage(state: GuestPageState, publicUrl: string, links: MediaLinks, now: Date, paging: ViewPaging): GuestPageData {
  const view = state.view ? presentGuestView(state.view, links, now, paging) : null;
  return {
    identifier: state.memorial.identifier,
    publicUrl,
    account: presentAccountType(state.memorial),
    view,
    ...(view ? { page: paging.page, nextPage: view.adminNext || view.guestNext ? paging.page + 1 : null } : {}),
  };
}
