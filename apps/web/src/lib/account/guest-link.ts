import { siteConfig } from '../site-config';

/** The memorial's guest link, `PUBLIC_URL/guest?id=<identifier>` (DESIGN §4). */
export function guestLink(identifier: string): string {
  return `${siteConfig().publicUrl}/guest?id=${encodeURIComponent(identifier)}`;
}
