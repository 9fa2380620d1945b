// Ceremonies and reminders seen from the guest page (issue 14 §1, §2): plain request functions (the
// guest page runs on Preact, without TanStack Query).
import { API_BASE, contentApi } from '../../../lib/api';
import { downloadFile } from '../../../lib/account/download';

/** POST /reminders/subscribe: answers the server's message ('Te enviamos un correo…'). */
export async function subscribeToReminders(input: { id: string; email: string; consent: boolean }): Promise<string> {
  const envelope = await contentApi.request<unknown>('POST', '/reminders/subscribe', { body: input, json: true });
  return envelope.message;
}

/** A calendar file: its API path and query (for a fetch with the code) and the plain link. */
export interface CalendarFile {
  path: string;
  query: Record<string, string>;
  href: string;
}

function calendarFile(path: string, query: Record<string, string>): CalendarFile {
  return { path, query, href: `${API_BASE}${path}?${new URLSearchParams(query).toString()}` };
}

export function eventCalendar(identifier: string, eventId: number): CalendarFile {
  return calendarFile('/events/calendar', { id: identifier, event: String(eventId) });
}

export function yearlyCalendar(identifier: string): CalendarFile {
  return calendarFile('/reminders/calendar', { id: identifier });
}

/**
 * A calendar file of a private memorial: the guest's code travels in a header, which a plain link
 * cannot send, so the file is fetched and handed to the browser as a download.
 */
export async function downloadCalendar(file: CalendarFile, filename: string): Promise<void> {
  await downloadFile(file.path, file.query, filename);
}
