// The memorial's settings (spec §7): POST /person/update-profile-type {identifier, type},
// /person/update-access-code {identifier, code}, /person/update-flag-picture and
// /person/update-flag-message {identifier, flag}, and (issue 28 §1) /person/update-flag-share-code:
// whether the shared texts and printed cards carry the access code. The interface changes first (spec §4): each hook
// patches the cached memorial before the call; a failure reads the server's state again and says so
// (issue 14 §5; spec §8 was silent).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Flag, OwnerPersonData, ProfileType } from '@recuerdos/shared/api-types';
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

export function storedFlag(person: OwnerPersonData, name: FlagName): Flag {
  return person[FLAG_FIELDS[name]];
}

export function updateFlag(identifier: string, name: FlagName, flag: Flag): Promise<unknown> {
  return contentApi.post(`/person/update-flag-${name}`, { identifier, flag });
}

function useSettingMutation<V>(identifier: string, request: (value: V) => Promise<unknown>, change: (value: V) => Partial<OwnerPersonData>) {
  const queryClient = useQueryClient();
  const key = accountKeys.person(identifier);
  return useMutation({
    mutationFn: request,
    onMutate: (value) => {
      queryClient.setQueryData<OwnerPersonData>(key, (person) => (person ? { ...person, ...change(value) } : person));
    },
    onError: (error) => {
      reportFailure('No pudimos guardar el cambio', error);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useUpdateProfileType(identifier: string) {
  return useSettingMutation(identifier, (type: ProfileType) => updateProfileType(identifier, type), (type) => ({ type }));
}

export function useUpdateAccessCode(identifier: string) {
  return useSettingMutation(identifier, (code: string) => updateAccessCode(identifier, code), (code) => ({ entercode: code }));
}

export function useUpdateFlag(identifier: string, name: FlagName) {
  return useSettingMutation(
    identifier,
    (flag: Flag) => updateFlag(identifier, name, flag),
    (flag): Partial<OwnerPersonData> => ({ [FLAG_FIELDS[name]]: flag }),
  );
}
