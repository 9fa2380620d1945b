// GET /api/admin/audit (issue 15 §5): the trail, filtered by operator, action and dates.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAuditEntry } from '@recuerdos/shared/admin-api-types';
import { adminApi } from '../../../lib/operator/admin-api';

export interface AuditFilter {
  operator: string;
  action: string;
  from: string;
  to: string;
}

export interface AuditPage {
  entries: AdminAuditEntry[];
  operators: string[];
  actions: { key: string; label: string }[];
}

export function useAudit(filter: AuditFilter) {
  return useQuery({
    queryKey: ['admin', 'audit', filter],
    queryFn: () => adminApi.get<AuditPage>('/audit', { ...filter }),
    placeholderData: keepPreviousData,
  });
}
