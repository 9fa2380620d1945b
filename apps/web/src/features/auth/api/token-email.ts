// GET /user/{token} (spec §7): the e-mail of the account a reset link belongs to.
import { useQuery } from '@tanstack/react-query';
import type { EmailData } from '@recuerdos/shared/api-types';
import { usersApi } from '../../../lib/api';

export async function fetchTokenEmail(token: string): Promise<string> {
  const data = await usersApi.get<EmailData>(`/user/${encodeURIComponent(token)}`);
  return data.email;
}

export function useTokenEmail(token: string) {
  return useQuery({
    queryKey: ['user', 'token-email', token],
    queryFn: () => fetchTokenEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
