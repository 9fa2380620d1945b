// Display formatting of spec §2 and §9, used by the browser and the server-rendered guest page.
import { dateParts } from './dates';

// Spec §2: Spanish abbreviated months, with 'Set' for September.
export const MONTH_ABBREVIATIONS = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Set', 'Oct', 'Nov', 'Dic'] as const;

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'setiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** Profile card date: the year, and 'DD de Mon' (e.g. '05 de Set'). Null for unparseable text. */
export function profileDate(text: string | null | undefined): { year: string; dayMonth: string } | null {
  const parts = text ? dateParts(text) : null;
  if (!parts || parts.month < 1 || parts.month > 12) return null;
  const day = String(parts.day).padStart(2, '0');
  return { year: String(parts.year), dayMonth: `${day} de ${MONTH_ABBREVIATIONS[parts.month - 1] ?? ''}` };
}

/** Post date: 'day de month-name del year' (e.g. '22 de noviembre del 2026'). */
export function postDate(text: string | null | undefined): string {
  const parts = text ? dateParts(text) : null;
  if (!parts || parts.month < 1 || parts.month > 12) return '';
  return `${parts.day} de ${MONTH_NAMES[parts.month - 1] ?? ''} del ${parts.year}`;
}

/** Counts above `cap` show as '+cap' (gifts: +99; badges: +99 desktop, +9 mobile). */
export function capCount(count: number, cap = 99): string {
  return count > cap ? `+${cap}` : String(count);
}

/**
 * A count as Peru writes it, with commas between thousands ('1,234,567'), as
 * `new Intl.NumberFormat('es-PE')` does for a whole number. Written out because on a phone the first
 * Intl formatter of a page loads the locale's data on the main thread: 18–44 ms here, a blocking
 * task of its own on the account home (issue 27). Fractions are rounded to the nearest whole number.
 */
export function wholeNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(Math.abs(value));
  const digits = String(rounded);
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && rounded !== 0 ? `-${grouped}` : grouped;
}

/** 'dd/mm/yyyy' for the complaints form's prefilled date. */
export function slashDate(isoDate: string): string {
  const parts = dateParts(isoDate);
  if (!parts) return '';
  return `${String(parts.day).padStart(2, '0')}/${String(parts.month).padStart(2, '0')}/${parts.year}`;
}

/** A path is a video when it ends in .mp4 (spec §9). */
export function isVideoPath(path: string | null | undefined): boolean {
  return !!path && /\.mp4$/i.test(path.split('?')[0] ?? '');
}

/** A month 'YYYY-MM' in words: 'noviembre del 2026' (statements, issue 30 §6). */
export function monthInWords(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1] ?? ''} del ${year}`;
}
