// /api/person/* (spec §7): schema, caller, one service call, the presenter's shape.
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
  idQuerySchema,
  ownerQuerySchema,
  updateAccessCodeSchema,
  updateFlagSchema,
  updateProfileTypeSchema,
} from '@recuerdos/shared/memorial-schemas';
import type { AppContext } from '../../context';
import type { Memorial } from '../../db/schema';
import { callerOf } from '../../auth/memorial-access';
import { requireSessionFor } from '../../auth/permissions';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { readMediaUpload } from '../../media/media-upload';
import * as service from './person.service';
import {
  presentAccountType,
  presentOwnerPersonData,
  presentPersonData,
  presentPersonOption,
  presentProfilePath,
} from './person.presenter';

const emailQuerySchema = z.object({ email: z.string().trim().toLowerCase().optional() });

export const personRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  const caller = (request: Parameters<typeof callerOf>[1]) => callerOf(ctx.db, request);
  const owned = (memorial: Memorial) => presentOwnerPersonData(memorial, ctx.mediaLinks.of(memorial));

  app.get('/person/get-persons', async (request) => {
    const { email } = parseInput(emailQuerySchema, request.query);
    const memorials = await service.listPersons(ctx, await caller(request), email);
    return ok({ persons: memorials.map((m) => presentPersonOption(m, ctx.mediaLinks.of(m))) });
  });

  app.get('/person/get-person', async (request) => {
    const input = parseInput(ownerQuerySchema, request.query);
    const memorial = await service.personForOwner(ctx, await caller(request), input);
    return ok({ personData: presentOwnerPersonData(memorial, ctx.mediaLinks.of(memorial)) });
  });

  app.get('/person/verify-type-account', async (request) => {
    const { id } = parseInput(idQuerySchema, request.query);
    return ok(presentAccountType(await service.accountType(ctx, await caller(request), id)));
  });

  app.get('/person/get-data-for-guest', async (request) => {
    const { id } = parseInput(idQuerySchema, request.query);
    const memorial = await service.personForGuest(ctx, await caller(request), id);
    return ok({ personData: presentPersonData(memorial, ctx.mediaLinks.of(memorial)) });
  });

  app.post('/person/update-basic-data', { config: { multipartFiles: true } }, async (request) => {
    const who = await caller(request);
    requireSessionFor('owner', who);
    const upload = await readMediaUpload(request, ctx.media, { picture: 'picture' });
    const memorial = await service.updateBasicData(ctx, who, upload);
    return ok(presentProfilePath(memorial, ctx.mediaLinks.of(memorial)));
  });

  app.post('/person/update-profile-type', async (request) => {
    const input = parseInput(updateProfileTypeSchema, request.body);
    return ok({ personData: owned(await service.updateProfileType(ctx, await caller(request), input)) });
  });

  app.post('/person/update-access-code', async (request) => {
    const input = parseInput(updateAccessCodeSchema, request.body);
    return ok({ personData: owned(await service.updateAccessCode(ctx, await caller(request), input)) });
  });

  const flagRoutes = [
    ['/person/update-flag-picture', 'flagPicture'],
    ['/person/update-flag-message', 'flagMessage'],
    // Not in spec §7: lets the owner stop the "new memory" e-mails (DESIGN §7).
    ['/person/update-flag-notification', 'flagNotification'],
    // Not in spec §7: whether shared texts and printed cards carry the access code (issue 28 §1).
    ['/person/update-flag-share-code', 'flagShareCode'],
  ] as const;
  for (const [path, column] of flagRoutes) {
    app.post(path, async (request) => {
      const input = parseInput(updateFlagSchema, request.body);
      return ok({ personData: owned(await service.updateFlag(ctx, await caller(request), column, input)) });
    });
  }
  done();
};
