import { describe, expect, it } from 'vitest';
import { ipWaitAfter, memorialWaitAfter } from './guest.throttle';

describe('access-code back-off', () => {
  it('lets an IP try 5 times freely, then doubles the wait', () => {
    expect([1, 2, 3, 4].map(ipWaitAfter)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9].map(ipWaitAfter)).toEqual([2000, 4000, 8000, 16000, 32000]);
  });

  it('slows a memorial after 10 failures, capped at 5 minutes', () => {
    expect(memorialWaitAfter(9)).toBe(0);
    expect([10, 11, 12].map(memorialWaitAfter)).toEqual([2000, 4000, 8000]);
    expect(memorialWaitAfter(17)).toBe(256_000);
    expect(memorialWaitAfter(18)).toBe(300_000);
    expect(memorialWaitAfter(500)).toBe(300_000);
  });
});
