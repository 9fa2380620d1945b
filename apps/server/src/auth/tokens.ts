// Opaque tokens (≥128 bits; we use 256) of which only a SHA-256 hash is stored (DESIGN §4).
import { createHash, randomBytes } from 'node:crypto';

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A short random identifier from an alphabet without look-alikes (l/1, O/0): 10 characters give
 * ≈ 57 bits, enough to be unguessable for memorial links printed as QR codes.
 */
export function newIdentifier(length = 10): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const byte = bytes[i] ?? 0;
    // Rejection sampling keeps the distribution uniform.
    if (byte < 256 - (256 % ALPHABET.length)) out += ALPHABET[byte % ALPHABET.length] ?? '';
  }
  return out.length === length ? out : newIdentifier(length);
}
