// The date selects of 'Editar datos' (spec §2, §9): years 1900 → this year, months 01–12 (up to
// this month in this year), days recomputed from year and month. A choice that stops existing
// (31 after choosing February, a future month) is cleared, so the form asks for it again.
import { dateParts, dayOptions, monthOptions, yearOptions } from '@recuerdos/shared/dates';

export interface DateParts {
  year: string;
  month: string;
  day: string;
}

export const pad2 = (value: number): string => String(value).padStart(2, '0');

export function splitDate(text: string): DateParts {
  const parts = dateParts(text);
  if (!parts) return { year: '', month: '', day: '' };
  return { year: String(parts.year), month: pad2(parts.month), day: pad2(parts.day) };
}

export interface DateOptions {
  years: number[];
  months: number[];
  days: number[];
}

export function dateOptions(value: DateParts, today?: string): DateOptions {
  const year = value.year ? Number(value.year) : null;
  const month = value.month ? Number(value.month) : null;
  return {
    years: yearOptions(today),
    months: monthOptions(year, today),
    days: dayOptions(year, month, today),
  };
}

/** The same parts with any choice no longer offered cleared. */
export function fitDate(value: DateParts, today?: string): DateParts {
  const options = dateOptions(value, today);
  const year = value.year && options.years.includes(Number(value.year)) ? value.year : '';
  const withYear = { ...value, year };
  const months = dateOptions(withYear, today).months;
  const month = value.month && months.includes(Number(value.month)) ? value.month : '';
  const days = dateOptions({ ...withYear, month }, today).days;
  const day = value.day && days.includes(Number(value.day)) ? value.day : '';
  return { year, month, day };
}
