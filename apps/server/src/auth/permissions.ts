// Permissions as data (STYLE habit 5): each feature writes a table of actions × relations
// (owner / guest / visitor) whose cells are conditions on the memorial; `authorize` evaluates a
// row and, when it refuses, chooses the status a client can act on:
//   401 no session for an owner-only action, or a private memorial's access code is missing;
//   403 a session that is not allowed (someone else's memorial, a switched-off permission).
import type { Memorial } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../http/errors';
import type { Caller, MemorialAccess, Relation } from './memorial-access';

export type Condition =
  | 'always'
  | 'never'
  | 'if public'
  | 'if private'
  | 'if private, messages allowed'
  | 'if private, pictures allowed';

export type Permission = Readonly<Record<Relation, Condition>>;

export const ACCESS_MESSAGES = {
  privateProfile: 'Este perfil es privado. Ingresa el código de acceso para verlo',
  publicNoSubmissions: 'Este perfil no recibe recuerdos de los visitantes',
  messagesOff: 'Este perfil no admite mensajes de los visitantes',
  picturesOff: 'Este perfil no admite fotos ni videos de los visitantes',
  emailMismatch: 'No tienes permiso para ver los datos de otra cuenta',
  guestSessionRequired: 'Ingresa el código de acceso para compartir un recuerdo',
} as const;

export function holds(condition: Condition, memorial: Pick<Memorial, 'type' | 'flagMessage' | 'flagPicture'>): boolean {
  switch (condition) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'if public':
      return memorial.type === 'U';
    case 'if private':
      return memorial.type === 'P';
    case 'if private, messages allowed':
      return memorial.type === 'P' && memorial.flagMessage === 1;
    case 'if private, pictures allowed':
      return memorial.type === 'P' && memorial.flagPicture === 1;
  }
}

function conditionRefusal(condition: Condition, memorial: Memorial): AppError {
  switch (condition) {
    case 'if private, messages allowed':
      return forbidden(memorial.type === 'P' ? ACCESS_MESSAGES.messagesOff : ACCESS_MESSAGES.publicNoSubmissions);
    case 'if private, pictures allowed':
      return forbidden(memorial.type === 'P' ? ACCESS_MESSAGES.picturesOff : ACCESS_MESSAGES.publicNoSubmissions);
    case 'if private':
      return forbidden(ACCESS_MESSAGES.publicNoSubmissions);
    case 'always':
    case 'never':
    case 'if public':
      return forbidden();
  }
}

export function isOwnerOnly(permission: Permission): boolean {
  return permission.guest === 'never' && permission.visitor === 'never';
}

export function authorize(permission: Permission, access: MemorialAccess): void {
  const { memorial, relation, caller } = access;
  if (holds(permission[relation], memorial)) return;
  if (isOwnerOnly(permission)) throw caller.user ? forbidden() : unauthorized();
  if (relation === 'visitor' && memorial.type === 'P' && holds(permission.guest, memorial)) {
    throw new AppError(401, ACCESS_MESSAGES.privateProfile);
  }
  throw conditionRefusal(relation === 'visitor' ? permission.guest : permission[relation], memorial);
}

/** Owner calls may carry `email` (spec §7); when present it must be the caller's own. */
export function checkEmailParam(caller: Caller, email: string | undefined): void {
  if (email && caller.user && email !== caller.user.email) throw forbidden(ACCESS_MESSAGES.emailMismatch);
}

/**
 * Before an upload is read: a caller without a session of the kind the route needs is refused at
 * once, instead of after sending up to 50 MB. (The full check runs once the fields are known.)
 */
export function requireSessionFor(kind: 'owner' | 'guest', caller: Caller): void {
  if (kind === 'owner' && !caller.user) throw unauthorized();
  if (kind === 'guest' && !caller.guest) throw new AppError(401, ACCESS_MESSAGES.guestSessionRequired);
}
