// /api/admin/reports* (issue 15 §4): the queue, hide and dismiss. Each decision refreshes the queue.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, AdminReportStatus } from '@recuerdos/shared/admin-api-types';
import { adminApi } from '../../../lib/operator/admin-api';
import { adminKeys } from '../../../lib/operator/keys';

export function getReports(status: AdminReportStatus): Promise<{ reports: AdminReport[] }> {
  return adminApi.get<{ reports: AdminReport[] }>('/reports', { status });
}

export function hideReported(input: { id: number; reason: string }) {
  return adminApi.send(`/reports/${input.id}/hide`, { reason: input.reason });
}

export function dismissReport(input: { id: number; note: string }) {
  return adminApi.send(`/reports/${input.id}/dismiss`, { note: input.note });
}

export function reportsQueryOptions(status: AdminReportStatus) {
  return queryOptions({ queryKey: adminKeys.reportList(status), queryFn: () => getReports(status) });
}

export function useReports(status: AdminReportStatus) {
  return useQuery(reportsQueryOptions(status));
}

function useReportDecision<I>(request: (input: I) => ReturnType<typeof adminApi.send>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.reports() }) });
}

export const useHideReported = () => useReportDecision(hideReported);
export const useDismissReport = () => useReportDecision(dismissReport);
