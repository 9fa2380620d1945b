// The date selects of 'Editar datos' (spec §2, §9): years from 1900, months up to this month in this
// year, days from year and month; a choice that stops existing is cleared.
import { describe, expect, it } from 'vitest';
import { dateOptions, fitDate, splitDate } from './components/date-parts';

const TODAY = '2026-11-22';

describe('date options', () => {
  it('offers years from this one back to 1900', () => {
    const { years } = dateOptions({ year: '', month: '', day: '' }, TODAY);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(127);
  });

  it('offers the twelve months, and only up to this month in this year', () => {
    expect(dateOptions({ year: '2025', month: '', day: '' }, TODAY).months).toHaveLength(12);
    expect(dateOptions({ year: '2026', month: '', day: '' }, TODAY).months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('recomputes the days from year and month', () => {
    expect(dateOptions({ year: '2000', month: '02', day: '' }, TODAY).days).toHaveLength(29);
    expect(dateOptions({ year: '2001', month: '02', day: '' }, TODAY).days).toHaveLength(28);
    expect(dateOptions({ year: '2001', month: '04', day: '' }, TODAY).days).toHaveLength(30);
    expect(dateOptions({ year: '2026', month: '11', day: '' }, TODAY).days).toHaveLength(22);
    expect(dateOptions({ year: '', month: '', day: '' }, TODAY).days).toHaveLength(31);
  });
});

describe('fitDate', () => {
  it('keeps a date that still exists', () => {
    expect(fitDate({ year: '2000', month: '02', day: '29' }, TODAY)).toEqual({ year: '2000', month: '02', day: '29' });
  });

  it('clears a day that no longer exists', () => {
    expect(fitDate({ year: '2001', month: '02', day: '29' }, TODAY)).toEqual({ year: '2001', month: '02', day: '' });
    expect(fitDate({ year: '2026', month: '11', day: '30' }, TODAY)).toEqual({ year: '2026', month: '11', day: '' });
  });

  it('clears a future month of this year (a day every month has stays)', () => {
    expect(fitDate({ year: '2026', month: '12', day: '05' }, TODAY)).toEqual({ year: '2026', month: '', day: '05' });
    expect(fitDate({ year: '2026', month: '12', day: '31' }, TODAY)).toEqual({ year: '2026', month: '', day: '31' });
  });
});

describe('splitDate', () => {
  it('reads the server text (a date, or a date-time) into the three selects', () => {
    expect(splitDate('1941-03-14')).toEqual({ year: '1941', month: '03', day: '14' });
    expect(splitDate('2023-09-05T00:00:00.000Z')).toEqual({ year: '2023', month: '09', day: '05' });
    expect(splitDate('')).toEqual({ year: '', month: '', day: '' });
  });
});
