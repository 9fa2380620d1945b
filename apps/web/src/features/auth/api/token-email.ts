// GET /user/{token} (spec §7): the e-mail of the account a reset link belongs to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailData } from '@recuerdos/shared/api-types';
import { usersApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';

export async function fetchTokenEmail(token: string): Promise<string> {
  const data = await usersApi.get<EmailData>(`/user/${encodeURIComponent(token)}`);
  return data.email;
}

export function tokenEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: accountKeys.resetLinkEmail(token),
    queryFn: () => fetchTokenEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

export function useTokenEmail(token: string) {
  return useQuery(tokenEmailQueryOptions(token));
}
