// The owner's ceremonies and reminder switch (issue 14 §1, §2): GET /events/list, POST /events/save,
// POST /events/delete, GET and POST /reminders/settings. Each read has its request function, its
// query options and its hook; each write owns the cache change it causes.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventFormValues, FuneralPhase, MemorialEvent, ReminderSettings } from '@recuerdos/shared/remembrance';
import { contentApi } from '../../../lib/api';
import { useAccountUser } from '../../../lib/account/account-user';
import { accountKeys } from '../../../lib/account/keys';

export const remembranceKeys = {
  events: (identifier: string) => [...accountKeys.memorial(identifier), 'events'] as const,
  reminders: (identifier: string) => [...accountKeys.memorial(identifier), 'reminders'] as const,
  funeral: (identifier: string) => [...accountKeys.memorial(identifier), 'funeral'] as const,
};

export async function getEvents(identifier: string): Promise<MemorialEvent[]> {
  return (await contentApi.get<{ events: MemorialEvent[] }>('/events/list', { query: { identifier } })).events;
}

export function eventsQueryOptions(identifier: string) {
  return queryOptions({ queryKey: remembranceKeys.events(identifier), queryFn: () => getEvents(identifier) });
}

export function useEvents() {
  const { identifier } = useAccountUser();
  return useQuery(eventsQueryOptions(identifier));
}

/** The funeral phase (issue 30 §4): the funeral home and its last day while it lasts, else null. */
export async function getFuneralPhase(identifier: string): Promise<FuneralPhase | null> {
  return (await contentApi.get<{ funeral?: FuneralPhase | null }>('/events/list', { query: { identifier } })).funeral ?? null;
}

export function funeralPhaseQueryOptions(identifier: string) {
  return queryOptions({ queryKey: remembranceKeys.funeral(identifier), queryFn: () => getFuneralPhase(identifier) });
}

export function useFuneralPhase() {
  const { identifier } = useAccountUser();
  return useQuery(funeralPhaseQueryOptions(identifier));
}

export async function endFuneralPhase(identifier: string): Promise<string> {
  return (await contentApi.request<unknown>('POST', '/events/end-funeral-phase', { body: { identifier }, json: true })).message;
}

export function useEndFuneralPhase() {
  const { identifier } = useAccountUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endFuneralPhase(identifier),
    onSuccess: () => queryClient.setQueryData(remembranceKeys.funeral(identifier), null),
  });
}

export async function saveEvent(identifier: string, values: EventFormValues & { id?: number }): Promise<MemorialEvent> {
  return (await contentApi.post<{ event: MemorialEvent }>('/events/save', { identifier, ...values }, { json: true })).event;
}

export function useSaveEvent() {
  const { identifier } = useAccountUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: EventFormValues & { id?: number }) => saveEvent(identifier, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remembranceKeys.events(identifier) }),
  });
}

export async function deleteEvent(identifier: string, id: number): Promise<void> {
  await contentApi.post('/events/delete', { identifier, id }, { json: true });
}

export function useDeleteEvent() {
  const { identifier } = useAccountUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteEvent(identifier, id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<MemorialEvent[]>(remembranceKeys.events(identifier), (events) => events?.filter((event) => event.id !== id));
    },
  });
}

export function getReminderSettings(identifier: string): Promise<ReminderSettings> {
  return contentApi.get<ReminderSettings>('/reminders/settings', { query: { identifier } });
}

export function reminderSettingsQueryOptions(identifier: string) {
  return queryOptions({ queryKey: remembranceKeys.reminders(identifier), queryFn: () => getReminderSettings(identifier) });
}

export function useReminderSettings() {
  const { identifier } = useAccountUser();
  return useQuery(reminderSettingsQueryOptions(identifier));
}

export function updateReminderSettings(identifier: string, enabled: boolean): Promise<ReminderSettings> {
  return contentApi.post<ReminderSettings>('/reminders/settings', { identifier, enabled }, { json: true });
}

export function useUpdateReminderSettings() {
  const { identifier } = useAccountUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => updateReminderSettings(identifier, enabled),
    onSuccess: (settings) => queryClient.setQueryData(remembranceKeys.reminders(identifier), settings),
  });
}

/** The owner asks for the reminders too (the same double opt-in as any visitor): the server's message. */
export async function subscribeMyself(identifier: string, email: string): Promise<string> {
  return (await contentApi.request<unknown>('POST', '/reminders/subscribe', { body: { id: identifier, email, consent: true }, json: true })).message;
}

export function useSubscribeMyself() {
  const { identifier, email } = useAccountUser();
  return useMutation({ mutationFn: () => subscribeMyself(identifier, email) });
}
