// GET /visit/get-visits?email&identifier → data.visits (issue 29 §4): how many times the memorial
// was opened, for its owner.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Visits } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { useAccountUser } from '../../../lib/account/account-user';

export async function getVisits(email: string, identifier: string): Promise<Visits> {
  const data = await contentApi.get<{ visits: Visits }>('/visit/get-visits', { query: { email, identifier } });
  return data.visits;
}

export function visitsQueryOptions(email: string, identifier: string) {
  return queryOptions({ queryKey: accountKeys.visits(identifier), queryFn: () => getVisits(email, identifier) });
}

export function useVisits() {
  const { email, identifier } = useAccountUser();
  return useQuery(visitsQueryOptions(email, identifier));
}
