// Who may see and leave candles and flowers (spec §6). Leaving them is also rate limited per
// visitor IP and memorial (gift.service.ts).
import type { Permission } from '../../auth/permissions';

export const GIFT_POLICY = {
  //                        owner          guest of it     anyone else
  readForOwner:    { owner: 'always', guest: 'never',  visitor: 'never' },
  readForGuest:    { owner: 'always', guest: 'always', visitor: 'if public' },
  give:            { owner: 'always', guest: 'always', visitor: 'if public' },
} as const satisfies Record<string, Permission>;
