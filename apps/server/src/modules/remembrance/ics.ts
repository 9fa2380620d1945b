// iCalendar files (RFC 5545) for "Añadir a mi calendario" (issue 14 §1, §2): a memorial's yearly
// dates as all-day events that repeat every year, and one ceremony at its Lima time. Peru keeps
// UTC−5 all year (no daylight saving since 1994), so a Lima time is written once, in UTC.
import { dateParts } from '@recuerdos/shared/dates';

export interface IcsEvent {
  uid: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** 'YYYY-MM-DD' (Lima). */
  date: string;
  /** 'HH:MM' (Lima) for a timed event; absent for an all-day one. */
  time?: string;
  /** Minutes a timed event lasts. */
  minutes?: number;
  /** 'YEARLY' rule, e.g. 'FREQ=YEARLY' or 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1'. */
  rrule?: string;
}

const LIMA_OFFSET_HOURS = 5;

/** TEXT values: backslash, semicolon, comma and line breaks escaped. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (a CRLF and one space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    if (size + bytes > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

const compact = (date: string) => date.replace(/-/g, '');

function utcStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function nextDay(date: string): string {
  const parts = dateParts(date);
  if (!parts) return date;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1)).toISOString().slice(0, 10);
}

function limaToUtc(date: string, time: string): Date {
  const parts = dateParts(date);
  const [hours, minutes] = time.split(':').map(Number);
  if (!parts) throw new Error(`Not a date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, (hours ?? 0) + LIMA_OFFSET_HOURS, minutes ?? 0));
}

export function buildCalendar(name: string, events: IcsEvent[], now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Recuerdos//Memoriales//ES', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${icsText(name)}`];
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${utcStamp(now)}`);
    if (event.time) {
      const start = limaToUtc(event.date, event.time);
      lines.push(`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(new Date(start.getTime() + (event.minutes ?? 120) * 60_000))}`);
    } else {
      lines.push(`DTSTART;VALUE=DATE:${compact(event.date)}`, `DTEND;VALUE=DATE:${compact(nextDay(event.date))}`);
    }
    if (event.rrule) lines.push(`RRULE:${event.rrule}`);
    lines.push(`SUMMARY:${icsText(event.summary)}`);
    if (event.description) lines.push(`DESCRIPTION:${icsText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${icsText(event.location)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (!event.time) lines.push('TRANSP:TRANSPARENT');
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The yearly rule of a date: Feb 29 falls on the last day of February in other years. */
export function yearlyRule(date: string): string {
  const parts = dateParts(date);
  return parts && parts.month === 2 && parts.day === 29 ? 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' : 'FREQ=YEARLY';
}
