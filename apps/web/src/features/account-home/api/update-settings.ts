// The memorial's settings (spec §7): POST /person/update-profile-type {identifier, type},
// /person/update-access-code {identifier, code}, /person/update-flag-picture and
// /person/update-flag-message {identifier, flag}, and (issue 28 §1) /person/update-flag-share-code:
// whether the shared texts and printed cards carry the access code. The interface changes first (spec §4): each hook
// patches the cached memorial before the call; a failure reads the server's state again and says so
// (issue 14 §5; spec §8 was silent), and a success says what was saved (issue 28 §11).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Flag, OwnerPersonData, ProfileType } from '@recuerdos/shared/api-types';
import { dismissToast, showToast } from '../../../components/toast';
import { contentApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { reportFailure } from '../../../lib/failure';

export function updateProfileType(identifier: string, type: ProfileType): Promise<unknown> {
  return contentApi.post('/person/update-profile-type', { identifier, type });
}

/** Spec §5: every whitespace is removed before saving. */
export function normalizeAccessCode(code: string): string {
  return code.replace(/\s+/g, '');
}

export function updateAccessCode(identifier: string, code: string): Promise<unknown> {
  return contentApi.post('/person/update-access-code', { identifier, code: normalizeAccessCode(code) });
}

export type FlagName = 'picture' | 'message' | 'share-code';

const FLAG_FIELDS = { picture: 'flagpic', message: 'flagmsg', 'share-code': 'flagsharecode' } as const satisfies Record<FlagName, keyof OwnerPersonData>;

const FLAG_SAVED: Record<FlagName, Record<Flag, string>> = {
  picture: { '1': 'Los invitados pueden subir fotos y videos.', '0': 'Los invitados no pueden subir fotos ni videos.' },
  message: { '1': 'Los invitados pueden dejar mensajes.', '0': 'Los invitados no pueden dejar mensajes.' },
  'share-code': { '1': 'El código de acceso irá al compartir y en los recordatorios.', '0': 'El código de acceso ya no irá al compartir ni en los recordatorios.' },
};

export function storedFlag(person: OwnerPersonData, name: FlagName): Flag {
  return person[FLAG_FIELDS[name]];
}

export function updateFlag(identifier: string, name: FlagName, flag: Flag): Promise<unknown> {
  return contentApi.post(`/person/update-flag-${name}`, { identifier, flag });
}

/** The last 'Guardado': a new one replaces it, so quick changes on a phone do not pile up toasts. */
let savedToast: number | undefined;

function useSettingMutation<V>(
  identifier: string,
  request: (value: V) => Promise<unknown>,
  change: (value: V) => Partial<OwnerPersonData>,
  saved: (value: V) => string,
) {
  const queryClient = useQueryClient();
  const key = accountKeys.person(identifier);
  return useMutation({
    mutationFn: request,
    onMutate: (value) => {
      queryClient.setQueryData<OwnerPersonData>(key, (person) => (person ? { ...person, ...change(value) } : person));
    },
    onSuccess: (_data, value) => {
      if (savedToast !== undefined) dismissToast(savedToast);
      savedToast = showToast('success', 'Guardado', saved(value));
    },
    onError: (error) => {
      reportFailure('No pudimos guardar el cambio', error);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useUpdateProfileType(identifier: string) {
  return useSettingMutation(
    identifier,
    (type: ProfileType) => updateProfileType(identifier, type),
    (type) => ({ type }),
    (type) => (type === 'U' ? 'El perfil ahora es público.' : 'El perfil ahora es privado.'),
  );
}

export function useUpdateAccessCode(identifier: string) {
  return useSettingMutation(
    identifier,
    (code: string) => updateAccessCode(identifier, code),
    (code) => ({ entercode: code }),
    (code) => `El código de acceso ahora es ${normalizeAccessCode(code)}.`,
  );
}

export function useUpdateFlag(identifier: string, name: FlagName) {
  return useSettingMutation(
    identifier,
    (flag: Flag) => updateFlag(identifier, name, flag),
    (flag): Partial<OwnerPersonData> => ({ [FLAG_FIELDS[name]]: flag }),
    (flag) => FLAG_SAVED[name][flag],
  );
}
