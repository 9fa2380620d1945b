import { describe, expect, it } from 'vitest';
import { LIMITS } from '@recuerdos/shared/limits';
import { giftThanks } from './gift-buttons';

describe('giftThanks', () => {
  it('thanks by name, and past the shown cap says how many there are, written as Peru writes them', () => {
    expect(giftThanks('V', 'Rosa Mamani Huamán', 3)).toBe('Encendiste una vela en memoria de Rosa Mamani Huamán');
    expect(giftThanks('F', 'Rosa Mamani Huamán', LIMITS.giftDisplayCap)).toBe('Dejaste flores en memoria de Rosa Mamani Huamán');
    expect(giftThanks('V', 'Rosa Mamani Huamán', 1234)).toBe('Encendiste una vela en memoria de Rosa Mamani Huamán. Ya son 1,234 velas encendidas.');
    expect(giftThanks('F', 'Rosa Mamani Huamán', LIMITS.giftDisplayCap + 1)).toBe(`Dejaste flores en memoria de Rosa Mamani Huamán. Ya son ${LIMITS.giftDisplayCap + 1} ramos de flores.`);
  });
});
