import { describe, expect, it } from 'vitest';
import { pauseBefore } from '../../security/attempt-guard';
import { GUEST_LOGIN_POLICY } from './guest.throttle';

describe('access-code pause per memorial', () => {
  it('lets 10 failures a day pass freely, then doubles a pause from 1 s, capped at 8 s', () => {
    const at = (n: number) => pauseBefore(GUEST_LOGIN_POLICY.perTarget, n);
    expect([1, 5, 10].map(at)).toEqual([0, 0, 0]);
    expect([11, 12, 13, 14].map(at)).toEqual([1000, 2000, 4000, 8000]);
    expect(at(15)).toBe(8000);
    expect(at(10_000)).toBe(8000);
  });
});
