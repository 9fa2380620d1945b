// The guest view → the combined shape (@recuerdos/shared/api-types GuestViewData), built from the
// presenters of the four reads it replaces, so both answers stay identical field for field.
import type { GuestViewData } from '@recuerdos/shared/api-types';
import type { GuestPageData } from '@recuerdos/shared/guest-page';
import { presentPosts } from '../content/content.presenter';
import { presentGifts } from '../gift/gift.presenter';
import { presentAccountType, presentPersonData } from '../person/person.presenter';
import type { MediaLinks } from '../../media/media-links';
import type { GuestPageState, GuestView } from './guest-view.service';

export function presentGuestView({ memorial, ownerPosts, guestPosts }: GuestView, links: MediaLinks): GuestViewData {
  const link = links.of(memorial);
  return {
    ...presentAccountType(memorial),
    personData: presentPersonData(memorial, link),
    ...presentGifts(memorial),
    adminPosts: presentPosts(ownerPosts, memorial.identifier, link).posts,
    guestPosts: presentPosts(guestPosts, memorial.identifier, link).posts,
  };
}

export function presentGuestPage(state: GuestPageState, publicUrl: string, links: MediaLinks): GuestPageData {
  return {
    identifier: state.memorial.identifier,
    publicUrl,
    account: presentAccountType(state.memorial),
    view: state.view ? presentGuestView(state.view, links) : null,
  };
}
