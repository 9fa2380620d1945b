// Who may download a memorial's archive ('Descargar mis recuerdos', beyond the spec, issue 6).
import type { Permission } from '../../auth/permissions';

export const EXPORT_POLICY = {
  //                         owner          guest of it     anyone else
  download:         { owner: 'always', guest: 'never',  visitor: 'never' },
} as const satisfies Record<string, Permission>;
