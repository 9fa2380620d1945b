// /api/admin/complaints* and /api/admin/holidays* (issue 15 §3).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminComplaint, AdminComplaintDetail, AdminHoliday } from '@recuerdos/shared/admin-api-types';
import type { AddHolidayInput } from '@recuerdos/shared/admin-schemas';
import { adminApi, downloadAdminFile } from '../../../lib/operator/admin-api';

const keys = {
  all: ['admin', 'complaints'] as const,
  list: (year: string, status: string) => ['admin', 'complaints', 'list', year, status] as const,
  detail: (number: string) => ['admin', 'complaints', 'detail', number] as const,
  holidays: ['admin', 'complaints', 'holidays'] as const,
};

export function useComplaints(year: string, status: string) {
  return useQuery({
    queryKey: keys.list(year, status),
    queryFn: () => adminApi.get<{ complaints: AdminComplaint[] }>('/complaints', { year, status }),
    placeholderData: keepPreviousData,
  });
}

export function useComplaint(number: string) {
  return useQuery({ queryKey: keys.detail(number), queryFn: () => adminApi.get<{ complaint: AdminComplaintDetail }>(`/complaints/${number}`) });
}

export function useAnswer(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string }) => adminApi.send<{ complaint: AdminComplaintDetail }>(`/complaints/${number}/answer`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useAddNote(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; notify: boolean }) => adminApi.send<{ complaint: AdminComplaintDetail }>(`/complaints/${number}/notes`, { text: input.text, notify: input.notify ? '1' : '0' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useHolidays() {
  return useQuery({ queryKey: keys.holidays, queryFn: () => adminApi.get<{ holidays: AdminHoliday[] }>('/holidays') });
}

/** A holiday changes every deadline: the whole book is read again. */
export function useAddHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddHolidayInput) => adminApi.send<{ holidays: AdminHoliday[] }>('/holidays', { ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useRemoveHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => adminApi.send<{ holidays: AdminHoliday[] }>(`/holidays/${date}/remove`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function downloadBook(year: string, format: 'csv' | 'pdf'): Promise<void> {
  return downloadAdminFile(`/complaints/export.${format}?year=${encodeURIComponent(year)}`, `libro-de-reclamaciones-${year}.${format}`);
}
