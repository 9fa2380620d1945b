// POST /user/guest/login (spec §7): the access code buys a guest token for this memorial.
import type { TokenData } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';

export function guestLogin(identifier: string, accessCode: string): Promise<TokenData> {
  return contentApi.post<TokenData>('/user/guest/login', { accessCode, identifier });
}
