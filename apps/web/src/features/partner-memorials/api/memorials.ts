// What the partner sold (issue 30 §3): GET /api/partner/memorials — state and counts, no content.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerMemorialData } from '@recuerdos/shared/partner-api-types';
import { partnerApi } from '../../../lib/partner/partner-api';
import { partnerKeys } from '../../../lib/partner/keys';

export function getMemorials(): Promise<{ memorials: PartnerMemorialData[] }> {
  return partnerApi.get<{ memorials: PartnerMemorialData[] }>('/memorials');
}

export function memorialsQueryOptions() {
  return queryOptions({ queryKey: partnerKeys.memorials(), queryFn: getMemorials });
}

export function useMemorials() {
  return useQuery(memorialsQueryOptions());
}
