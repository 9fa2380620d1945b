// The memorial's settings (spec §7): POST /person/update-profile-type {identifier, type},
// /person/update-access-code {identifier, code}, /person/update-flag-picture and
// /person/update-flag-message {identifier, flag}. The interface changes first (spec §4).
import type { Flag, ProfileType } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';

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

export type FlagName = 'picture' | 'message';

export function updateFlag(identifier: string, name: FlagName, flag: Flag): Promise<unknown> {
  return contentApi.post(`/person/update-flag-${name}`, { identifier, flag });
}
