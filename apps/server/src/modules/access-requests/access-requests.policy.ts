// Who may answer a memorial's access requests (issue 29 §2; spec §6 style). Asking needs no session:
// it is the visitor without the code (the service answers everyone the same).
import type { Permission } from '../../auth/permissions';

export const ACCESS_REQUEST_POLICY = {
  //                     owner          guest of it     anyone else
  /** Seeing the requests and the people with access; letting in, declining, blocking, taking back. */
  manage:       { owner: 'always', guest: 'never',  visitor: 'never' },
} as const satisfies Record<string, Permission>;
