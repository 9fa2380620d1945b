// Money of the partner channel (issue 30 §6, docs/decisions/031): a contract's price in integer
// céntimos of a sol, never a float. Typed the Peruvian ways ("350", "350.50", "350,50", "S/ 350"),
// shown the way Intl's es-PE gives it ("S/ 1,234.50"), and the commission computed per sale from
// the partner's rate in basis points, half-up to the céntimo.

/** A price typed at the counter: S/ 1 to S/ 50,000 (more is a typo: a memorial costs hundreds). */
export const PRICE_LIMITS = { minCents: 100, maxCents: 5_000_000 } as const;

const SOLES = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN' });

/** 123450 → 'S/ 1,234.50' (es-PE, as Intl gives it). */
export function formatSoles(cents: number): string {
  return SOLES.format(cents / 100);
}

export const PRICE_MESSAGES = {
  required: 'Ingresa el precio del contrato',
  invalid: 'Escribe el precio en soles, por ejemplo 350 o 350,50',
  positive: 'El precio debe ser mayor que cero',
  tooLow: `El precio debe ser de al menos ${formatSoles(PRICE_LIMITS.minCents)}`,
  tooHigh: `El precio no puede pasar de ${formatSoles(PRICE_LIMITS.maxCents)}. Revisa la cifra`,
} as const;

/**
 * Soles as typed → céntimos, or the Spanish reason it is refused. A comma or a point before the last
 * one or two digits is the decimal mark ("350,50" and "350.50" are the same price); thousands
 * separators are not accepted, since "1,250" would be ambiguous.
 */
export function parseSoles(text: string): { cents: number } | { problem: string } {
  const value = text.replace(/\s+/g, '').replace(/^S\/\.?/i, '');
  if (value === '') return { problem: PRICE_MESSAGES.required };
  if (/^-/.test(value)) return { problem: PRICE_MESSAGES.positive };
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return { problem: PRICE_MESSAGES.invalid };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents === 0) return { problem: PRICE_MESSAGES.positive };
  if (cents < PRICE_LIMITS.minCents) return { problem: PRICE_MESSAGES.tooLow };
  if (cents > PRICE_LIMITS.maxCents) return { problem: PRICE_MESSAGES.tooHigh };
  return { cents };
}

/** 35050 → '350.50': the plain form a parsed price travels in (parsing it again gives the same). */
export function plainSoles(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The commission on one sale: price × rate (basis points) / 10 000, rounded half-up to the céntimo,
 * in integers only (a price of at most 5 000 000 céntimos times 10 000 bp stays far below 2^53).
 */
export function commissionCents(priceCents: number, commissionBp: number): number {
  return Math.floor((priceCents * commissionBp + 5_000) / 10_000);
}
