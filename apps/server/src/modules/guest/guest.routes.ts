// /api/user/guest/* (spec §7): the guest's access code login and token renewal.
import type { FastifyPluginCallback } from 'fastify';
import { guestLoginSchema } from '@recuerdos/shared/user-schemas';
import type { AppContext } from '../../context';
import { optionalGuest } from '../../auth/guards';
import { clientAddress } from '../../security/client-address';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import * as service from './guest.service';
import { presentToken } from './guest.presenter';

export const guestRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  app.post('/user/guest/login', async (request) => {
    const input = parseInput(guestLoginSchema, request.body);
    return ok(presentToken(await service.guestLogin(ctx, clientAddress(request), input)));
  });

  app.get('/user/guest/renew-token', async (request) => {
    return ok(presentToken(await service.renewGuestToken(ctx, await optionalGuest(ctx.db, request))));
  });
  done();
};
