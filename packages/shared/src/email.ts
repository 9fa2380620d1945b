// Spec §5: lowercase letters, digits and ._%+- before @, then a domain and a TLD of 2 to 4 letters.
// We compare the trimmed, lower-cased address, so "Maria@Gmail.com" typed on a phone is accepted.
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(normalizeEmail(value));
}
