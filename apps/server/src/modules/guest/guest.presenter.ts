import type { TokenData } from '@recuerdos/shared/api-types';

export function presentToken(token: string): TokenData {
  return { token };
}
