// A partner admin's monthly statement (issue 30 §6): GET /api/partner/statement?month=.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerStatementData } from '@recuerdos/shared/partner-api-types';
import { partnerApi } from '../../../lib/partner/partner-api';
import { partnerKeys } from '../../../lib/partner/keys';

export function getStatement(month: string): Promise<{ statement: PartnerStatementData }> {
  return partnerApi.get<{ statement: PartnerStatementData }>('/statement', { month });
}

export function statementQueryOptions(month: string) {
  return queryOptions({ queryKey: partnerKeys.statement(month), queryFn: () => getStatement(month), enabled: /^\d{4}-\d{2}$/.test(month) });
}

export function useStatement(month: string) {
  return useQuery(statementQueryOptions(month));
}
