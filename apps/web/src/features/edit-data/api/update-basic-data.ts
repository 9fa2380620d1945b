// POST /person/update-basic-data, multipart {identifier, fullname, birthdate, deathdate, location,
// description, picture?} → data.profilepath (spec §7).
import type { ProfilePathData } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';

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
