// Who may do what with a memorial's data and settings (spec §6).
import type { Permission } from '../../auth/permissions';

export const PERSON_POLICY = {
  //                         owner          guest of it     anyone else
  readType:         { owner: 'always', guest: 'always', visitor: 'always' },
  readForGuest:     { owner: 'always', guest: 'always', visitor: 'if public' },
  readForOwner:     { owner: 'always', guest: 'never',  visitor: 'never' },
  updateData:       { owner: 'always', guest: 'never',  visitor: 'never' },
  updateSettings:   { owner: 'always', guest: 'never',  visitor: 'never' },
} as const satisfies Record<string, Permission>;
