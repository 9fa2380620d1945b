// The links of the reminder e-mails (issue 14 §1): POST /reminders/confirm (the double opt-in) and
// POST /reminders/unsubscribe?s= (one click; mail clients POST the same address, RFC 8058).
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { usersApi } from '../../../lib/api';
import { once } from '../../../lib/once';

export interface ConfirmedReminders {
  fullname: string;
  identifier: string;
  message: string;
}

const lostConnection = (error: unknown) => error instanceof ApiError && !error.fromServer;

/** Runs once per link even if the page mounts twice. */
export function confirmReminders(token: string): Promise<ConfirmedReminders> {
  return once(`reminders-confirm:${token}`, async () => {
    const envelope = await usersApi.request<{ fullname: string; identifier: string }>('POST', '/reminders/confirm', { body: { token }, json: true });
    return { ...envelope.data, message: envelope.message };
  }, lostConnection);
}

export async function unsubscribeReminders(s: string): Promise<string> {
  const envelope = await usersApi.request<unknown>('POST', '/reminders/unsubscribe', { query: { s }, json: true });
  return envelope.message;
}

export function useUnsubscribeReminders() {
  return useMutation({ mutationFn: unsubscribeReminders });
}
