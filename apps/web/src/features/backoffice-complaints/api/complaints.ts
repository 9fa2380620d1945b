// /api/admin/complaints* and /api/admin/holidays* (issue 15 §3). Every change reads the book again:
// an answer or a note changes a complaint's state, a holiday moves every deadline.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminComplaint, AdminComplaintDetail, AdminHoliday } from '@recuerdos/shared/admin-api-types';
import type { AddHolidayInput } from '@recuerdos/shared/admin-schemas';
import type { Envelope } from '@recuerdos/shared/api-types';
import { adminApi, downloadAdminFile } from '../../../lib/operator/admin-api';
import { adminKeys } from '../../../lib/operator/keys';

export interface NoteInput {
  text: string;
  notify: boolean;
}

export function getComplaints(year: string, status: string): Promise<{ complaints: AdminComplaint[] }> {
  return adminApi.get<{ complaints: AdminComplaint[] }>('/complaints', { year, status });
}

export function getComplaint(number: string): Promise<{ complaint: AdminComplaintDetail }> {
  return adminApi.get<{ complaint: AdminComplaintDetail }>(`/complaints/${number}`);
}

export function answerComplaint(number: string, input: { text: string }) {
  return adminApi.send<{ complaint: AdminComplaintDetail }>(`/complaints/${number}/answer`, input);
}

export function addNote(number: string, input: NoteInput) {
  return adminApi.send<{ complaint: AdminComplaintDetail }>(`/complaints/${number}/notes`, { text: input.text, notify: input.notify ? '1' : '0' });
}

export function getHolidays(): Promise<{ holidays: AdminHoliday[] }> {
  return adminApi.get<{ holidays: AdminHoliday[] }>('/holidays');
}

export function addHoliday(input: AddHolidayInput) {
  return adminApi.send<{ holidays: AdminHoliday[] }>('/holidays', { ...input });
}

export function removeHoliday(date: string) {
  return adminApi.send<{ holidays: AdminHoliday[] }>(`/holidays/${date}/remove`);
}

export function downloadBook(year: string, format: 'csv' | 'pdf'): Promise<void> {
  return downloadAdminFile(`/complaints/export.${format}?year=${encodeURIComponent(year)}`, `libro-de-reclamaciones-${year}.${format}`);
}

export function complaintsQueryOptions(year: string, status: string) {
  return queryOptions({ queryKey: adminKeys.complaintList(year, status), queryFn: () => getComplaints(year, status), placeholderData: keepPreviousData });
}

export function complaintQueryOptions(number: string) {
  return queryOptions({ queryKey: adminKeys.complaint(number), queryFn: () => getComplaint(number) });
}

export function holidaysQueryOptions() {
  return queryOptions({ queryKey: adminKeys.holidays(), queryFn: getHolidays });
}

export function useComplaints(year: string, status: string) {
  return useQuery(complaintsQueryOptions(year, status));
}

export function useComplaint(number: string) {
  return useQuery(complaintQueryOptions(number));
}

export function useHolidays() {
  return useQuery(holidaysQueryOptions());
}

function useBookChange<I, T>(request: (input: I) => Promise<Envelope<T>>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.complaints() }) });
}

export const useAnswer = (number: string) => useBookChange((input: { text: string }) => answerComplaint(number, input));
export const useAddNote = (number: string) => useBookChange((input: NoteInput) => addNote(number, input));
export const useAddHoliday = () => useBookChange(addHoliday);
export const useRemoveHoliday = () => useBookChange(removeHoliday);
