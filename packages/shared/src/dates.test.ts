import { describe, expect, it } from 'vitest';
import { dayOptions, isValidPastDate, limaDate, limaDateTime, monthOptions, yearOptions } from './dates';

describe('isValidPastDate', () => {
  it('accepts real dates from 1900 up to today', () => {
    expect(isValidPastDate('1900-01-01', '2026-11-22')).toBe(true);
    expect(isValidPastDate('2024-02-29', '2026-11-22')).toBe(true);
    expect(isValidPastDate('2026-11-22', '2026-11-22')).toBe(true);
  });
  it('refuses impossible, early, future and malformed dates', () => {
    expect(isValidPastDate('2023-02-29', '2026-11-22')).toBe(false);
    expect(isValidPastDate('2023-02-30', '2026-11-22')).toBe(false);
    expect(isValidPastDate('1899-12-31', '2026-11-22')).toBe(false);
    expect(isValidPastDate('2026-11-23', '2026-11-22')).toBe(false);
    expect(isValidPastDate('2026-1-2', '2026-11-22')).toBe(false);
    expect(isValidPastDate('2020-01-01T00:00', '2026-11-22')).toBe(false);
  });
});

describe('edit form options', () => {
  it('runs years from the current year down to 1900', () => {
    const years = yearOptions('2026-11-22');
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(127);
  });
  it('limits months to the current month in the current year', () => {
    expect(monthOptions(2026, '2026-11-22')).toHaveLength(11);
    expect(monthOptions(2025, '2026-11-22')).toHaveLength(12);
    expect(monthOptions(null, '2026-11-22')).toHaveLength(12);
  });
  it('recomputes days from year and month', () => {
    expect(dayOptions(2024, 2, '2026-11-22')).toHaveLength(29);
    expect(dayOptions(2023, 2, '2026-11-22')).toHaveLength(28);
    expect(dayOptions(2026, 11, '2026-11-22')).toHaveLength(22);
    expect(dayOptions(null, null, '2026-11-22')).toHaveLength(31);
  });
});

describe('Lima time', () => {
  it('is UTC-5 all year', () => {
    const at = new Date('2026-01-01T03:00:00.045Z');
    expect(limaDate(at)).toBe('2025-12-31');
    expect(limaDateTime(at)).toBe('2025-12-31 22:00:00.045');
    // Mid-year too (no daylight saving), and each call formats its own instant.
    const july = new Date('2026-07-15T04:59:59.999Z');
    expect(limaDate(july)).toBe('2026-07-14');
    expect(limaDateTime(july)).toBe('2026-07-14 23:59:59.999');
  });
});
