// POST /person/update-basic-data, multipart {identifier, fullname, birthdate, deathdate, location,
// description, picture?} → data.profilepath (spec §7). On success the cached memorial takes the new
// data and the memorial list (its names) is read again; a failure is said (spec §8 was silent).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerPersonData, ProfilePathData } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';
import { useAccountUser } from '../../../lib/account/account-user';
import { accountKeys } from '../../../lib/account/keys';
import { reportFailure } from '../../../lib/failure';
import { setProfilePath } from '../../../lib/session';

export interface BasicDataInput {
  identifier: string;
  fullname: string;
  birthdate: string;
  deathdate: string;
  location: string;
  description: string;
  /** The cropped 300×300 JPEG, when the photo changes. */
  picture: Blob | null;
}

export function updateBasicData(input: BasicDataInput): Promise<ProfilePathData> {
  const { picture, ...fields } = input;
  return contentApi.post<ProfilePathData>('/person/update-basic-data', { ...fields, picture: picture ?? undefined });
}

export function useUpdateBasicData() {
  const queryClient = useQueryClient();
  const user = useAccountUser();
  return useMutation({
    mutationFn: updateBasicData,
    onSuccess: (reply, input) => {
      const key = accountKeys.person(input.identifier);
      const profilepath = typeof reply.profilepath === 'string' ? reply.profilepath : queryClient.getQueryData<OwnerPersonData>(key)?.profilepath;
      queryClient.setQueryData<OwnerPersonData>(key, (current) =>
        current
          ? {
              ...current,
              fullname: input.fullname,
              birthdate: input.birthdate,
              deathdate: input.deathdate,
              location: input.location,
              description: input.description,
              profilepath: profilepath ?? current.profilepath,
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.persons() });
      // Spec §4: a new picture changes only the session's profile path (and renews it).
      if (input.picture && profilepath && user.identifier === input.identifier) setProfilePath(profilepath);
    },
    // The form keeps what was written, and the owner is told (spec §8 was silent).
    onError: (error) => reportFailure('No pudimos guardar los cambios', error),
  });
}
