// Business data the server hands to the browser inside index.html (a JSON data block, which a
// strict CSP allows because it never runs), so one build serves any deployment.
export interface SiteConfig {
  publicUrl: string;
  /** Identifier of the seeded demo memorial, or null when there is none. */
  demoIdentifier: string | null;
  contact: {
    phone: string;
    email: string;
    whatsapp: string;
    facebookUrl: string;
    instagramUrl: string;
    tiktokUrl: string;
  };
  legal: { name: string; ruc: string; address: string };
}

export const SITE_CONFIG_ELEMENT_ID = 'site-config';

/** Serialises data for a <script type="application/json"> block: '<' can never close the tag. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
