import { describe, expect, it } from 'vitest';
import { ID_MESSAGES, isValidDni, rucCheckDigit, rucProblem } from './ruc';

describe('the RUC a partner is registered with (SUNAT modulo 11)', () => {
  it('accepts real RUCs of companies and of a person with a business', () => {
    // Banco de Crédito del Perú, SUNAT itself, and a RUC 10 built on a DNI.
    for (const ruc of ['20100047218', '20131312955', '10467793549']) expect(rucProblem(ruc)).toBeNull();
  });

  it('refuses a wrong last digit, naming it', () => {
    expect(rucProblem('20100047219')).toBe(ID_MESSAGES.rucCheck);
    expect(rucProblem('20100047210')).toBe(ID_MESSAGES.rucCheck);
  });

  it('refuses the wrong length, letters and an unknown prefix in Spanish', () => {
    expect(rucProblem('')).toBe(ID_MESSAGES.rucRequired);
    expect(rucProblem('2010004721')).toBe(ID_MESSAGES.rucDigits);
    expect(rucProblem('2010004721A')).toBe(ID_MESSAGES.rucDigits);
    expect(rucProblem('30100047218')).toBe(ID_MESSAGES.rucPrefix);
  });

  it('maps a remainder of 10 and 11 to the digits 0 and 1', () => {
    // Weighted sums ≡ 1 and 0 (mod 11): 11 − 1 = 10 → 0, 11 − 0 = 11 → 1.
    expect(rucCheckDigit('2000000001')).toBe(0);
    expect(rucCheckDigit('2000000006')).toBe(1);
    expect(rucProblem('20000000010')).toBeNull();
    expect(rucProblem('20000000061')).toBeNull();
  });
});

describe('the DNI of the family member', () => {
  it('has exactly 8 digits', () => {
    expect(isValidDni('45678912')).toBe(true);
    expect(isValidDni('4567891')).toBe(false);
    expect(isValidDni('456789123')).toBe(false);
    expect(isValidDni('4567891A')).toBe(false);
  });
});
