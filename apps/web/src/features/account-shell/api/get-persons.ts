// GET /person/get-persons?email → data.persons: every memorial of the account (spec §2 'Perfiles').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonOption } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { useAccountUser } from '../../../lib/account/account-user';

export async function getPersons(email: string): Promise<PersonOption[]> {
  const data = await contentApi.get<{ persons: PersonOption[] }>('/person/get-persons', { query: { email } });
  return data.persons;
}

export function personsQueryOptions(email: string) {
  return queryOptions({ queryKey: accountKeys.persons(), queryFn: () => getPersons(email) });
}

export function usePersons() {
  const { email } = useAccountUser();
  return useQuery(personsQueryOptions(email));
}
