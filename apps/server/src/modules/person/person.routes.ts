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

  app.get('/person/get-persons', async (request) => {
    const { email } = parseInput(emailQuerySchema, request.query);
    const memorials = await service.listPersons(ctx, await caller(request), email);
    return ok({ persons: memorials.map(presentPersonOption) });
  });

  app.get('/person/get-person', async (request) => {
    const input = parseInput(ownerQuerySchema, request.query);
    const memorial = await service.personForOwner(ctx, await caller(request), input);
    return ok({ personData: presentOwnerPersonData(memorial) });
  });

  app.get('/person/verify-type-account', async (request) => {
    const { id } = parseInput(idQuerySchema, request.query);
    return ok(presentAccountType(await service.accountType(ctx, await caller(request), id)));
  });

  app.get('/person/get-data-for-guest', async (request) => {
    const { id } = parseInput(idQuerySchema, request.query);
    return ok({ personData: presentPersonData(await service.personForGuest(ctx, await caller(request), id)) });
  });

  app.post('/person/update-basic-data', { config: { multipartFiles: true } }, async (request) => {
    const who = await caller(request);
    requireSessionFor('owner', who);
    const upload = await readMediaUpload(request, ctx.media, { picture: 'picture' });
    return ok(presentProfilePath(await service.updateBasicData(ctx, who, upload)));
  });

  app.post('/person/update-profile-type', async (request) => {
    const input = parseInput(updateProfileTypeSchema, request.body);
    return ok({ personData: presentOwnerPersonData(await service.updateProfileType(ctx, await caller(request), input)) });
  });

  app.post('/person/update-access-code', async (request) => {
    const input = parseInput(updateAccessCodeSchema, request.body);
    return ok({ personData: presentOwnerPersonData(await service.updateAccessCode(ctx, await caller(request), input)) });
  });

  const flagRoutes = [
    ['/person/update-flag-picture', 'flagPicture'],
    ['/person/update-flag-message', 'flagMessage'],
    // Not in spec §7: lets the owner stop the "new memory" e-mails (DESIGN §7).
    ['/person/update-flag-notification', 'flagNotification'],
  ] as const;
  for (const [path, column] of flagRoutes) {
    app.post(path, async (request) => {
      const input = parseInput(updateFlagSchema, request.body);
      return ok({ personData: presentOwnerPersonData(await service.updateFlag(ctx, await caller(request), column, input)) });
    });
  }
  done();
};
