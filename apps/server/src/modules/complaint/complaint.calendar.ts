// Business days in Peru, for the complaints book's answer deadline: 15 business days (días hábiles)
// after the complaint is received, not counting Saturdays, Sundays and national public holidays:
// the ones below, and those an operator adds in the back office when Congress declares one (passed
// in as `extra`, 'YYYY-MM-DD' dates read from the holidays table).
import { dateParts } from '@recuerdos/shared/dates';

/** Fixed-date national holidays (MM-DD), as of 2026. A new one is added by an operator (/admin). */
const FIXED_HOLIDAYS: Record<string, string> = {
  '01-01': 'Año Nuevo',
  '05-01': 'Día del Trabajo',
  '06-07': 'Batalla de Arica y Día de la Bandera',
  '06-29': 'San Pedro y San Pablo',
  '07-23': 'Día de la Fuerza Aérea del Perú',
  '07-28': 'Fiestas Patrias',
  '07-29': 'Fiestas Patrias',
  '08-06': 'Batalla de Junín',
  '08-30': 'Santa Rosa de Lima',
  '10-08': 'Combate de Angamos',
  '11-01': 'Todos los Santos',
  '12-08': 'Inmaculada Concepción',
  '12-09': 'Batalla de Ayacucho',
  '12-25': 'Navidad',
};

export const COMPLAINT_ANSWER_BUSINESS_DAYS = 15;

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function utcDate(text: string): Date {
  const parts = dateParts(text);
  if (!parts) throw new Error(`Not a date: ${text}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
}

/** Easter Sunday of a year (Gregorian calendar; the anonymous "Meeus/Jones/Butcher" algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(new Date(Date.UTC(year, month - 1, day)));
}

export function addDays(date: string, days: number): string {
  const at = utcDate(date);
  at.setUTCDate(at.getUTCDate() + days);
  return iso(at);
}

/** The holiday's name, or null ('YYYY-MM-DD'). Holy Thursday and Good Friday move with Easter. */
export function peruHoliday(date: string): string | null {
  const fixed = FIXED_HOLIDAYS[date.slice(5, 10)];
  if (fixed) return fixed;
  const easter = easterSunday(Number(date.slice(0, 4)));
  if (date === addDays(easter, -3)) return 'Jueves Santo';
  if (date === addDays(easter, -2)) return 'Viernes Santo';
  return null;
}

/** Holidays declared after this code was written ('YYYY-MM-DD'), added by operators. */
export type ExtraHolidays = ReadonlySet<string>;

const NONE: ExtraHolidays = new Set();
const DAY_MS = 86_400_000;

// The back office computes a deadline and the days left for every complaint of a year on each
// listing: days are counted as integers (days since 1970-01-01, a Thursday), and whether a day is a
// national holiday is remembered per day.
const nationalHoliday = new Map<number, boolean>();

function dayNumber(date: string): number {
  return Math.round(utcDate(date).getTime() / DAY_MS);
}

function dayText(day: number): string {
  return iso(new Date(day * DAY_MS));
}

function isBusinessDayNumber(day: number, extra: ExtraHolidays): boolean {
  const weekday = (day + 4) % 7;
  if (weekday === 0 || weekday === 6) return false;
  let holiday = nationalHoliday.get(day);
  if (holiday === undefined) {
    holiday = peruHoliday(dayText(day)) !== null;
    nationalHoliday.set(day, holiday);
  }
  return !holiday && (extra.size === 0 || !extra.has(dayText(day)));
}

export function isBusinessDay(date: string, extra: ExtraHolidays = NONE): boolean {
  return isBusinessDayNumber(dayNumber(date), extra);
}

/** The n-th business day after `date` (the day of receipt itself does not count). */
export function addBusinessDays(date: string, businessDays: number, extra: ExtraHolidays = NONE): string {
  let day = dayNumber(date);
  for (let counted = 0; counted < businessDays; ) {
    day += 1;
    if (isBusinessDayNumber(day, extra)) counted += 1;
  }
  return dayText(day);
}

/** Business days from `from` (exclusive) to `to` (inclusive); negative when `to` has passed. */
export function businessDaysBetween(from: string, to: string, extra: ExtraHolidays = NONE): number {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === end) return 0;
  const step = end > start ? 1 : -1;
  let count = 0;
  for (let day = start; day !== end; ) {
    day += step;
    if (isBusinessDayNumber(day, extra)) count += step;
  }
  return count;
}
