// Who may do what with a memorial's ceremonies and reminders (issue 14 §1, §2; spec §6 style).
import type { Permission } from '../../auth/permissions';

export const REMEMBRANCE_POLICY = {
  //                        owner          guest of it     anyone else
  manage:          { owner: 'always', guest: 'never',  visitor: 'never' },
  /** Seeing the ceremonies, asking for reminders, the calendar files: whoever can see the memorial. */
  read:            { owner: 'always', guest: 'always', visitor: 'if public' },
} as const satisfies Record<string, Permission>;
