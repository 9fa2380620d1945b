// /api/access-requests/* and /api/access-grants/revoke (issue 29): a visitor without the code asks the
// family; the owner answers. /api/user/guest/link-login: a personal link buys a guest token (spec §7's
// guest/login, with the link's secret instead of the code).
import type { FastifyPluginCallback } from 'fastify';
import {
  ACCESS_REQUEST_MESSAGES,
  accessRequestSchema,
  blockActionSchema,
  declineRequestSchema,
  grantActionSchema,
  linkLoginSchema,
  requestActionSchema,
} from '@recuerdos/shared/access-requests';
import { ownerQuerySchema } from '@recuerdos/shared/memorial-schemas';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { clientAddress } from '../../security/client-address';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import * as service from './access-requests.service';

export const accessRequestRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  app.post('/access-requests/ask', async (request) => {
    const input = parseInput(accessRequestSchema, request.body);
    await service.ask(ctx, await callerOf(ctx.db, request), input);
    return ok({}, ACCESS_REQUEST_MESSAGES.requested);
  });

  app.get('/access-requests/list', async (request) => {
    const { identifier } = parseInput(ownerQuerySchema, request.query);
    return ok(await service.list(ctx, await callerOf(ctx.db, request), identifier));
  });

  app.post('/access-requests/approve', async (request) => {
    const input = parseInput(requestActionSchema, request.body);
    await service.approve(ctx, await callerOf(ctx.db, request), input);
    return ok({}, ACCESS_REQUEST_MESSAGES.approved);
  });

  app.post('/access-requests/decline', async (request) => {
    const input = parseInput(declineRequestSchema, request.body);
    await service.decline(ctx, await callerOf(ctx.db, request), input);
    return ok({}, ACCESS_REQUEST_MESSAGES.declined);
  });

  app.post('/access-requests/block', async (request) => {
    const input = parseInput(requestActionSchema, request.body);
    await service.block(ctx, await callerOf(ctx.db, request), input);
    return ok({}, ACCESS_REQUEST_MESSAGES.blocked);
  });

  app.post('/access-requests/unblock', async (request) => {
    const input = parseInput(blockActionSchema, request.body);
    await service.unblock(ctx, await callerOf(ctx.db, request), input);
    return ok({}, ACCESS_REQUEST_MESSAGES.unblocked);
  });

  app.post('/access-grants/revoke', async (request) => {
    const input = parseInput(grantActionSchema, request.body);
    await service.revoke(ctx, await callerOf(ctx.db, request), input);
    return ok({}, ACCESS_REQUEST_MESSAGES.revoked);
  });

  app.post('/user/guest/link-login', async (request) => {
    const input = parseInput(linkLoginSchema, request.body);
    return ok({ token: await service.linkLogin(ctx, clientAddress(request), input) });
  });
  done();
};
