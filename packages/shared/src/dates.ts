// Calendar helpers shared by the edit form and the server. Dates travel as 'YYYY-MM-DD' text and
// are compared as text; "today" is Lima's today (Peru has one time zone and no daylight saving).
import { LIMITS } from './limits';

export const LIMA_TIME_ZONE = 'America/Lima';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parts of 'YYYY-MM-DD' (anything after the first 10 characters, such as a time, is ignored). */
export function dateParts(text: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(text.slice(0, 10));
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it (the QR page
// asks for Lima's day on every request, to fold away yesterday's ceremonies).
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** 'YYYY-MM-DD' of the given instant in Lima. */
export function limaDate(at: Date = new Date()): string {
  dateFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: LIMA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dateFormat.format(at);
}

/** 'YYYY-MM-DD HH:mm:ss.SSS' of the given instant in Lima: sortable, as post keys need. */
export function limaDateTime(at: Date = new Date()): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: LIMA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = dateTimeFormat.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const ms = String(at.getUTCMilliseconds()).padStart(3, '0');
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}.${ms}`;
}

/** A real calendar date from 1900 (spec §9) up to today in Lima. */
export function isValidPastDate(text: string, today: string = limaDate()): boolean {
  const parts = dateParts(text);
  if (!parts || text.length !== 10) return false;
  const { year, month, day } = parts;
  if (year < LIMITS.firstYear || month < 1 || month > 12) return false;
  if (day < 1 || day > daysInMonth(year, month)) return false;
  return text <= today;
}

export function toIsoDate(year: string | number, month: string | number, day: string | number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Year options of the edit form: 1900 to the current year, newest first. */
export function yearOptions(today: string = limaDate()): number[] {
  const current = Number(today.slice(0, 4));
  const years: number[] = [];
  for (let year = current; year >= LIMITS.firstYear; year--) years.push(year);
  return years;
}

/** Month options 1..12, limited to the current month when the year is the current one. */
export function monthOptions(year: number | null, today: string = limaDate()): number[] {
  const parts = dateParts(today);
  const last = parts && year === parts.year ? parts.month : 12;
  return Array.from({ length: last }, (_, i) => i + 1);
}

/** Day options for a year and month (all 31 until both are chosen); never past today. */
export function dayOptions(year: number | null, month: number | null, today: string = limaDate()): number[] {
  let last = year && month ? daysInMonth(year, month) : 31;
  const parts = dateParts(today);
  if (parts && year === parts.year && month === parts.month) last = Math.min(last, parts.day);
  return Array.from({ length: last }, (_, i) => i + 1);
}
