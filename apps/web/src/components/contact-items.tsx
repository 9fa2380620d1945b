// The business's phone and e-mail (spec §2: the support box, the complaints book's provider data),
// each a link after its icon, as items of the caller's own list.
import { siteConfig, telHref } from '../lib/site-config';
import { MailIcon, PhoneIcon } from './icons';

export function PhoneAndEmailItems() {
  const { contact } = siteConfig();
  return (
    <>
      <li>
        <PhoneIcon />
        <a href={telHref(contact.phone)}>{contact.phone}</a>
      </li>
      <li>
        <MailIcon />
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </li>
    </>
  );
}
