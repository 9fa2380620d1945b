// GET /person/verify-type-account?id= (spec §7): type, fullname and the two flags, for anyone.
import type { AccountTypeData } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';

export function getAccountType(identifier: string): Promise<AccountTypeData> {
  return contentApi.get<AccountTypeData>('/person/verify-type-account', { query: { id: identifier } });
}
