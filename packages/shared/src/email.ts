// Spec §5: lowercase letters, digits and ._%+- before @, then a domain and a TLD of 2 to 4 letters.
// We compare the trimmed, lower-cased address, so "Maria@Gmail.com" typed on a phone is accepted.
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(normalizeEmail(value));
}

/** Providers that ignore dots in the local part, and their other names. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The inbox an address reaches, for limits that protect a person from being mailed too often:
 * 'ana+1@x.pe' and 'ana+2@x.pe' reach the inbox of 'ana@x.pe' (sub-addressing, RFC 5233, which most
 * providers honour), and at Gmail 'a.n.a@googlemail.com' that of 'ana@gmail.com'. Mail is still sent
 * to the address as typed; only counting uses this.
 */
export function mailboxOf(address: string): string {
  const email = normalizeEmail(address);
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const domain = email.slice(at + 1);
  let local = email.slice(0, at);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  return dotless ? `${local.replace(/\./g, '')}@${dotless}` : `${local}@${domain}`;
}
