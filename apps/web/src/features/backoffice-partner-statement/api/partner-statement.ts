// The back office's copy of a partner's monthly statement (issue 30 §6 and §7):
// GET /api/admin/partners/:id/statement?month=, and the partners to choose from (GET /api/admin/partners).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerStatementData } from '@recuerdos/shared/partner-api-types';
import { adminApi } from '../../../lib/operator/admin-api';
import { adminKeys } from '../../../lib/operator/keys';

/** What the chooser needs of GET /api/admin/partners's rows. */
export interface PartnerChoice {
  id: number;
  name: string;
  ruc: string;
  suspended: boolean;
}

export function getPartnerChoices(): Promise<{ partners: PartnerChoice[] }> {
  return adminApi.get<{ partners: PartnerChoice[] }>('/partners');
}

export function getPartnerStatement(id: number, month: string): Promise<{ statement: PartnerStatementData }> {
  return adminApi.get<{ statement: PartnerStatementData }>(`/partners/${id}/statement`, { month });
}

export function partnerChoicesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.partnerChoices(), queryFn: getPartnerChoices });
}

export function partnerStatementQueryOptions(id: number | null, month: string) {
  return queryOptions({
    queryKey: adminKeys.partnerStatement(id ?? 0, month),
    queryFn: () => getPartnerStatement(id ?? 0, month),
    enabled: id !== null && /^\d{4}-\d{2}$/.test(month),
  });
}

export function usePartnerChoices() {
  return useQuery(partnerChoicesQueryOptions());
}

export function usePartnerStatement(id: number | null, month: string) {
  return useQuery(partnerStatementQueryOptions(id, month));
}
