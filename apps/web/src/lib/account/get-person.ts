// GET /person/get-person?email&identifier → data.personData (the owner's view, spec §3).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerPersonData } from '@recuerdos/shared/api-types';
import { contentApi } from '../api';
import { accountKeys } from './keys';
import { useAccountUser } from './account-user';

export async function getPerson(email: string, identifier: string): Promise<OwnerPersonData> {
  const data = await contentApi.get<{ personData: OwnerPersonData }>('/person/get-person', { query: { email, identifier } });
  return data.personData;
}

export function personQueryOptions(email: string, identifier: string) {
  return queryOptions({ queryKey: accountKeys.person(identifier), queryFn: () => getPerson(email, identifier) });
}

export function usePerson() {
  const { email, identifier } = useAccountUser();
  return useQuery(personQueryOptions(email, identifier));
}
