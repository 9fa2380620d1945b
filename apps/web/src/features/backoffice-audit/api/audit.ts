// GET /api/admin/audit (issue 15 §5): the trail, filtered by operator, action and dates.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAuditEntry } from '@recuerdos/shared/admin-api-types';
import { adminApi } from '../../../lib/operator/admin-api';
import { adminKeys } from '../../../lib/operator/keys';

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

export function getAudit(filter: AuditFilter): Promise<AuditPage> {
  return adminApi.get<AuditPage>('/audit', { ...filter });
}

export function auditQueryOptions(filter: AuditFilter) {
  return queryOptions({ queryKey: adminKeys.audit(filter), queryFn: () => getAudit(filter), placeholderData: keepPreviousData });
}

export function useAudit(filter: AuditFilter) {
  return useQuery(auditQueryOptions(filter));
}
