// GET /person/get-persons?email → data.persons: every memorial of the account (spec §2 'Perfiles').
import { useQuery } from '@tanstack/react-query';
import type { PersonOption } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { useAccountUser } from '../../../lib/account/account-user';

export async function getPersons(email: string): Promise<PersonOption[]> {
  const data = await contentApi.get<{ persons: PersonOption[] }>('/person/get-persons', { query: { email } });
  return data.persons;
}

export function usePersons() {
  const { email } = useAccountUser();
  return useQuery({ queryKey: accountKeys.persons(), queryFn: () => getPersons(email) });
}
