// GET /contract/get-disclaimers?identifier → data.disclaimers (spec §2 banners under the navbar).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Disclaimer } from '@recuerdos/shared/api-types';
import { usersApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { useAccountUser } from '../../../lib/account/account-user';

export async function getDisclaimers(identifier: string): Promise<Disclaimer[]> {
  const data = await usersApi.get<{ disclaimers: Disclaimer[] }>('/contract/get-disclaimers', { query: { identifier } });
  return data.disclaimers;
}

export function disclaimersQueryOptions(identifier: string) {
  return queryOptions({ queryKey: accountKeys.disclaimers(identifier), queryFn: () => getDisclaimers(identifier) });
}

export function useDisclaimers() {
  const { identifier } = useAccountUser();
  return useQuery(disclaimersQueryOptions(identifier));
}
