import { describe, expect, it } from 'vitest';
import { PRICE_MESSAGES, commissionCents, formatSoles, parseSoles, plainSoles } from './money';
import { partnerSaleSchema } from './partner-schemas';

describe('a contract’s price typed at the counter', () => {
  it('reads soles the Peruvian ways into céntimos', () => {
    expect(parseSoles('350')).toEqual({ cents: 35000 });
    expect(parseSoles('350.50')).toEqual({ cents: 35050 });
    expect(parseSoles('350,50')).toEqual({ cents: 35050 });
    expect(parseSoles('350,5')).toEqual({ cents: 35050 });
    expect(parseSoles(' S/ 1250 ')).toEqual({ cents: 125000 });
    expect(parseSoles('50000')).toEqual({ cents: 5_000_000 });
  });

  it('refuses empty, negative, zero, absurd and ambiguous prices in Spanish', () => {
    expect(parseSoles('')).toEqual({ problem: PRICE_MESSAGES.required });
    expect(parseSoles('-350')).toEqual({ problem: PRICE_MESSAGES.positive });
    expect(parseSoles('0')).toEqual({ problem: PRICE_MESSAGES.positive });
    expect(parseSoles('0,50')).toEqual({ problem: PRICE_MESSAGES.tooLow });
    expect(parseSoles('50000.01')).toEqual({ problem: PRICE_MESSAGES.tooHigh });
    expect(parseSoles('1,250.50')).toEqual({ problem: PRICE_MESSAGES.invalid });
    expect(parseSoles('350.505')).toEqual({ problem: PRICE_MESSAGES.invalid });
    expect(parseSoles('1e3')).toEqual({ problem: PRICE_MESSAGES.invalid });
    expect(PRICE_MESSAGES.tooHigh).toBe('El precio no puede pasar de S/\u00a050,000.00. Revisa la cifra');
  });

  it('travels as a plain form that parses again to the same céntimos (browser, then server)', () => {
    const values = { person: 'Rosa', deathdate: '2020-01-01', familyName: 'Ana', familyLastname: 'Quispe', dni: '45678912', relationship: 'hijo', email: 'ana@ejemplo.pe', whatsapp: '987654321', consent: true };
    const once = partnerSaleSchema.parse({ ...values, price: '350,5' });
    expect(once.price).toBe('350.50');
    expect(partnerSaleSchema.parse({ ...values, price: once.price }).price).toBe('350.50');
    expect(plainSoles(7)).toBe('0.07');
  });
});

describe('the commission on a sale', () => {
  it('is price × basis points / 10 000, half-up to the céntimo', () => {
    // 12.5 % of S/ 350.50 = 43.8125 → 43.81; of S/ 350.60 = 43.825 → 43.83 (half up); of S/ 350.70 = 43.8375 → 43.84.
    expect(commissionCents(35050, 1250)).toBe(4381);
    expect(commissionCents(35060, 1250)).toBe(4383);
    expect(commissionCents(35070, 1250)).toBe(4384);
    expect(commissionCents(35000, 0)).toBe(0);
    expect(commissionCents(5_000_000, 10_000)).toBe(5_000_000);
  });

  it('is shown as es-PE soles', () => {
    expect(formatSoles(123450)).toBe('S/\u00a01,234.50');
    expect(formatSoles(4381)).toBe('S/\u00a043.81');
  });
});
