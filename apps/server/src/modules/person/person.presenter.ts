// Memorial rows → the response shapes of spec §7 (@recuerdos/shared/api-types). Guest-facing
// shapes carry no access code, no owner flags and nothing about the account.
import type { AccountTypeData, Flag, OwnerPersonData, PersonData, PersonOption, ProfilePathData } from '@recuerdos/shared/api-types';
import type { MediaLink } from '../../media/media-links';
import type { Memorial } from '../../db/schema';

const flag = (value: number): Flag => (value ? '1' : '0');

export function presentPersonData(m: Memorial, link: MediaLink): PersonData {
  return {
    fullname: m.fullname,
    profilepath: link(m.photoKey),
    birthdate: m.birthdate ?? '',
    deathdate: m.deathdate ?? '',
    description: m.description,
    location: m.location,
  };
}

export function presentOwnerPersonData(m: Memorial, link: MediaLink): OwnerPersonData {
  return {
    ...presentPersonData(m, link),
    identifier: m.identifier,
    type: m.type,
    entercode: m.accessCode,
    flagpic: flag(m.flagPicture),
    flagmsg: flag(m.flagMessage),
    flagnotification: flag(m.flagNotification),
    flagsharecode: flag(m.flagShareCode),
  };
}

export function presentAccountType(m: Memorial): AccountTypeData {
  return { type: m.type, fullname: m.fullname, flagmsg: flag(m.flagMessage), flagpic: flag(m.flagPicture) };
}

export function presentPersonOption(m: Memorial, link: MediaLink): PersonOption {
  return { identifier: m.identifier, fullname: m.fullname, profilepath: link(m.photoKey) };
}

export function presentProfilePath(m: Memorial, link: MediaLink): ProfilePathData {
  return { profilepath: link(m.photoKey) };
}
