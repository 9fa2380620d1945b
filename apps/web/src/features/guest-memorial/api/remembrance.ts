// Ceremonies and reminders seen from the guest page (issue 14 §1, §2): plain request functions (the
// guest page runs on Preact, without TanStack Query).
import { contentApi } from '../../../lib/api';
import { authHeaders } from '../../../lib/session-storage';

/** POST /reminders/subscribe: answers the server's message ('Te enviamos un correo…'). */
export async function subscribeToReminders(input: { id: string; email: string; consent: boolean }): Promise<string> {
  const envelope = await contentApi.request<unknown>('POST', '/reminders/subscribe', { body: input, json: true });
  return envelope.message;
}

export function eventCalendarPath(identifier: string, eventId: number): string {
  return `/api/events/calendar?id=${encodeURIComponent(identifier)}&event=${eventId}`;
}

export function yearlyCalendarPath(identifier: string): string {
  return `/api/reminders/calendar?id=${encodeURIComponent(identifier)}`;
}

/**
 * A calendar file of a private memorial: the guest's code travels in a header, which a plain link
 * cannot send, so the file is fetched and handed to the browser as a download.
 */
export async function downloadCalendar(path: string, filename: string): Promise<void> {
  const res = await fetch(path, { headers: authHeaders() });
  if (!res.ok) throw new Error(`calendar ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
