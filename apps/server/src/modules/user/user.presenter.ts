// Spec §7 shapes of /user/*: data.user (email, name, lastname, identifier, profilepath) and data.token.
import type { EmailData, LoginData } from '@recuerdos/shared/api-types';
import type { MediaLinks } from '../../media/media-links';
import type { SessionView } from './user.service';

export function presentSession(view: SessionView, links: MediaLinks): LoginData {
  return {
    user: {
      email: view.account.email,
      name: view.account.name,
      lastname: view.account.lastname,
      identifier: view.memorial?.identifier ?? '',
      profilepath: view.memorial ? links.of(view.memorial)(view.memorial.photoKey) : '',
    },
    token: view.token,
  };
}

export function presentEmail(email: string): EmailData {
  return { email };
}
