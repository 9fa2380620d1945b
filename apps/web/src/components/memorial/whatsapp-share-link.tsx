// 'Compartir por WhatsApp' (issue 14 §3): a plain wa.me link with a kind text and the guest link,
// which works without JavaScript; where the phone has the Web Share API, its own share sheet opens
// instead (WhatsApp first among the apps a Peruvian family has). Written against the React API that
// Preact's compat layer also has (the guest page). The text says only what the memorial lets
// visitors do, and carries the access code when the family chose so (issue 28 §1, §2).
import type { MouseEvent } from 'react';
import { shareMessage, whatsappUrl, type ShareOptions } from '@recuerdos/shared/share';
import { WhatsAppIcon } from '../icons';

export const WHATSAPP_SHARE_LABEL = 'Compartir por WhatsApp';

export interface WhatsAppShareLinkProps {
  fullname: string;
  /** The absolute guest link. */
  link: string;
  options: ShareOptions;
  className?: string;
}

export function WhatsAppShareLink({ fullname, link, options, className }: WhatsAppShareLinkProps) {
  const message = shareMessage(fullname, link, options);
  const share = (event: MouseEvent<HTMLAnchorElement>) => {
    // Phones only: a desktop browser's share sheet rarely holds WhatsApp; wa.me opens WhatsApp Web there.
    const phone = typeof navigator !== 'undefined' && typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches;
    if (!phone) return;
    event.preventDefault();
    // The whole message as text (the link inside it): a separate `url` would come after the code's line.
    navigator.share({ title: `Memorial de ${fullname}`, text: message }).catch(() => {
      // Closed by the visitor, or refused by the browser: nothing to say.
    });
  };
  return (
    <a
      className={['copy-link', 'share-link', className ?? ''].filter(Boolean).join(' ')}
      href={whatsappUrl(message)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={share}
    >
      <WhatsAppIcon />
      <span>{WHATSAPP_SHARE_LABEL}</span>
    </a>
  );
}
