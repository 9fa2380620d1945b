// The rules of the person feature: memorial data for the owner and for guests, profile settings,
// and the profile picture (spec §3, §4, §7 /person/*).
import { updateBasicDataSchema } from '@recuerdos/shared/memorial-schemas';
import type { Flag, ProfileType } from '@recuerdos/shared/api-types';
import type { AppContext } from '../../context';
import type { Memorial, MemorialUpdate } from '../../db/schema';
import { accessMemorial, type Caller } from '../../auth/memorial-access';
import { authorize, checkEmailParam } from '../../auth/permissions';
import { parseInput, unauthorized } from '../../http/errors';
import { newMediaKey, PROFILE_SHAPE } from '../../media/media-keys';
import type { MediaUpload } from '../../media/media-upload';
import { deleteMedia, StagedMedia } from '../../media/staged-media';
import { PERSON_POLICY } from './person.policy';
import { listAccountMemorials, updateMemorial } from './person.repository';
import { memorialSettings } from '../memorial/memorial.service';
import { closeRemindersOf } from '../remembrance/reminders.service';

export async function listPersons(ctx: AppContext, caller: Caller, email: string | undefined): Promise<Memorial[]> {
  if (!caller.user) throw unauthorized();
  checkEmailParam(caller, email);
  return listAccountMemorials(ctx.db, caller.user.accountId);
}

export async function personForOwner(ctx: AppContext, caller: Caller, input: { identifier: string; email?: string | undefined }): Promise<Memorial> {
  const access = await accessMemorial(ctx.db, caller, input.identifier);
  authorize(PERSON_POLICY.readForOwner, access);
  checkEmailParam(caller, input.email);
  return access.memorial;
}

export async function accountType(ctx: AppContext, caller: Caller, identifier: string): Promise<Memorial> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(PERSON_POLICY.readType, access);
  return access.memorial;
}

export async function personForGuest(ctx: AppContext, caller: Caller, identifier: string): Promise<Memorial> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(PERSON_POLICY.readForGuest, access);
  return access.memorial;
}

/** Memorial data, and with a picture a new profile photo (the old one is removed once replaced). */
export async function updateBasicData(ctx: AppContext, caller: Caller, upload: MediaUpload): Promise<Memorial> {
  try {
    const input = parseInput(updateBasicDataSchema, upload.fields);
    const access = await accessMemorial(ctx.db, caller, input.identifier);
    authorize(PERSON_POLICY.updateData, access);
    const before = access.memorial;
    const values: MemorialUpdate = {
      fullname: input.fullname,
      birthdate: input.birthdate,
      deathdate: input.deathdate,
      location: input.location,
      description: input.description,
    };
    if (upload.file?.kind !== 'picture') return await updateMemorial(ctx.db, before.id, values);

    const store = ctx.media;
    const staged = await StagedMedia.picture(store, upload.file.buffer, 'profile');
    const key = newMediaKey(false);
    const updated = await staged.commit(
      key,
      () => updateMemorial(ctx.db, before.id, { ...values, photoKey: key }),
      async () => {
        const { fullname, birthdate, deathdate, location, description, photoKey } = before;
        await updateMemorial(ctx.db, before.id, { fullname, birthdate, deathdate, location, description, photoKey });
      },
      ctx.log,
    );
    if (before.photoKey) await deleteMedia(store, before.photoKey, PROFILE_SHAPE, ctx.log);
    return updated;
  } finally {
    await upload.discard();
  }
}

async function ownedMemorial(ctx: AppContext, caller: Caller, identifier: string): Promise<Memorial> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(PERSON_POLICY.updateSettings, access);
  return access.memorial;
}

/** Making a memorial private ends the reminders of those who asked without its code (decision 023). */
export async function updateProfileType(ctx: AppContext, caller: Caller, input: { identifier: string; type: ProfileType }): Promise<Memorial> {
  const memorial = await ownedMemorial(ctx, caller, input.identifier);
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await memorialSettings.setType(trx, memorial.id, input.type);
    if (memorial.type !== 'P' && updated.type === 'P') await closeRemindersOf(ctx, trx, updated, 'made-private');
    return updated;
  });
}

/**
 * Saving the same code again (the field saves as the owner types) keeps visitors signed in. A new
 * one ends their sessions and, on a private memorial, the reminders asked with the old one (decision 023).
 */
export async function updateAccessCode(ctx: AppContext, caller: Caller, input: { identifier: string; code: string }): Promise<Memorial> {
  const memorial = await ownedMemorial(ctx, caller, input.identifier);
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await memorialSettings.setAccessCode(trx, memorial, input.code);
    if (updated.accessCodeVersion !== memorial.accessCodeVersion) await closeRemindersOf(ctx, trx, updated, 'new-code');
    return updated;
  });
}

export type FlagColumn = 'flagPicture' | 'flagMessage' | 'flagNotification' | 'flagShareCode';

export async function updateFlag(
  ctx: AppContext,
  caller: Caller,
  column: FlagColumn,
  input: { identifier: string; flag: Flag },
): Promise<Memorial> {
  const memorial = await ownedMemorial(ctx, caller, input.identifier);
  return memorialSettings.setFlag(ctx.db, memorial.id, column, input.flag === '1');
}
