// The fragment of a personal link (issue 29 §2): `/guest?id=…#acceso=<secret>`. A fragment never
// reaches a server (no access log, no Referer holds it). Apart from access-requests.ts so the guest
// page's first-paint bundle reads it without zod.
export const PERSONAL_LINK_PARAM = 'acceso';
