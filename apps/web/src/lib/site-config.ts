// Business data the server places in index.html (<script type="application/json" id="site-config">).
// Read once from the DOM; sensible placeholders when it is missing (the Vite dev server).
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '@recuerdos/shared/site-config';
import { isRecord } from './storage';

const FALLBACK: SiteConfig = {
  publicUrl: typeof window === 'undefined' ? '' : window.location.origin,
  demoIdentifier: null,
  contact: {
    phone: '+51 999 888 777',
    email: 'contacto@recuerdos.pe',
    whatsapp: '51999888777',
    facebookUrl: 'https://www.facebook.com/recuerdos.pe',
    instagramUrl: 'https://www.instagram.com/recuerdos.pe',
    tiktokUrl: 'https://www.tiktok.com/@recuerdos.pe',
  },
  legal: { name: 'Recuerdos Perú S.A.C.', ruc: '20600000001', address: 'Lima, Perú' },
};

const text = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : fallback);

export function parseSiteConfig(raw: unknown): SiteConfig {
  if (!isRecord(raw)) return FALLBACK;
  const contact = isRecord(raw.contact) ? raw.contact : {};
  const legal = isRecord(raw.legal) ? raw.legal : {};
  const f = FALLBACK;
  return {
    publicUrl: text(raw.publicUrl, f.publicUrl).replace(/\/+$/, ''),
    demoIdentifier: typeof raw.demoIdentifier === 'string' && raw.demoIdentifier !== '' ? raw.demoIdentifier : null,
    contact: {
      phone: text(contact.phone, f.contact.phone),
      email: text(contact.email, f.contact.email),
      whatsapp: text(contact.whatsapp, f.contact.whatsapp).replace(/\D/g, ''),
      facebookUrl: text(contact.facebookUrl, f.contact.facebookUrl),
      instagramUrl: text(contact.instagramUrl, f.contact.instagramUrl),
      tiktokUrl: text(contact.tiktokUrl, f.contact.tiktokUrl),
    },
    legal: {
      name: text(legal.name, f.legal.name),
      ruc: text(legal.ruc, f.legal.ruc),
      address: text(legal.address, f.legal.address),
    },
  };
}

export function readSiteConfig(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): SiteConfig {
  // Server-side rendering (issue 5) has no document: it passes the config in another way.
  if (!doc) return FALLBACK;
  const element = doc.getElementById(SITE_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return FALLBACK;
  try {
    return parseSiteConfig(JSON.parse(element.textContent));
  } catch {
    return FALLBACK;
  }
}

let cached: SiteConfig | null = null;

export function siteConfig(): SiteConfig {
  cached ??= readSiteConfig();
  return cached;
}

/** The server render has no document to read: it is handed the configuration instead. */
export function provideSiteConfig(config: SiteConfig): void {
  cached = config;
}

/** Spec §2: the landing's messaging-app button, with a Spanish greeting already written. */
export const WHATSAPP_GREETING = 'Hola, quisiera información sobre los memoriales de Recuerdos.';

export function whatsappUrl(number: string, greeting: string = WHATSAPP_GREETING): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}

/** The guest link of a memorial: {host}/guest?id={identifier} (spec §1). */
export function guestPath(identifier: string): string {
  return `/guest?id=${encodeURIComponent(identifier)}`;
}

/** 'tel:' target of a phone number written for people ('+51 999 888 777'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
