// Two modules taking the same advisory lock space would wait on each other's unrelated rows.
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_SPACE } from './advisory-locks';

describe('the advisory lock spaces', () => {
  it('are distinct 32-bit integers', () => {
    const spaces = Object.values(ADVISORY_LOCK_SPACE);
    expect(new Set(spaces).size).toBe(spaces.length);
    for (const space of spaces) expect(Number.isInteger(space) && space > 0 && space < 2 ** 31).toBe(true);
  });
});
