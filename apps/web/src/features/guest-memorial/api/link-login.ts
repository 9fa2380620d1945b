// POST /user/guest/link-login (issue 29 §2): a personal link's secret buys a guest token, as the
// access code does (guest-login.ts).
import type { TokenData } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';

export function linkLogin(identifier: string, link: string): Promise<TokenData> {
  return contentApi.post<TokenData>('/user/guest/link-login', { identifier, link }, { json: true });
}
