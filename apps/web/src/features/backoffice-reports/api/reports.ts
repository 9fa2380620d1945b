// /api/admin/reports* (issue 15 §4): the queue, hide and dismiss.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, AdminReportStatus } from '@recuerdos/shared/admin-api-types';
import { adminApi } from '../../../lib/operator/admin-api';

const all = ['admin', 'reports'] as const;

export function useReports(status: AdminReportStatus) {
  return useQuery({ queryKey: [...all, status], queryFn: () => adminApi.get<{ reports: AdminReport[] }>('/reports', { status }) });
}

export function useHideReported() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; reason: string }) => adminApi.send(`/reports/${input.id}/hide`, { reason: input.reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: all }),
  });
}

export function useDismissReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; note: string }) => adminApi.send(`/reports/${input.id}/dismiss`, { note: input.note }),
    onSuccess: () => client.invalidateQueries({ queryKey: all }),
  });
}
