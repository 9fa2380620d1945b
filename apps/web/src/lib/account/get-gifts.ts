// GET /gift/get-gifts?email&identifier → data.gifts {flowers, candles} (the owner's home and the
// edit form's preview show them on the profile card).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Gifts } from '@recuerdos/shared/api-types';
import { contentApi } from '../api';
import { accountKeys } from './keys';
import { useAccountUser } from './account-user';

export async function getGifts(email: string, identifier: string): Promise<Gifts> {
  const data = await contentApi.get<{ gifts: Gifts }>('/gift/get-gifts', { query: { email, identifier } });
  return data.gifts;
}

export function giftsQueryOptions(email: string, identifier: string) {
  return queryOptions({ queryKey: accountKeys.gifts(identifier), queryFn: () => getGifts(email, identifier) });
}

export function useGifts() {
  const { email, identifier } = useAccountUser();
  return useQuery(giftsQueryOptions(email, identifier));
}
