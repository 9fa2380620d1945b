// /api/gift/* (spec §7).
import type { FastifyPluginCallback } from 'fastify';
import { idQuerySchema, ownerQuerySchema } from '@recuerdos/shared/memorial-schemas';
import { updateGiftSchema } from '@recuerdos/shared/post-schemas';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import * as service from './gift.service';
import { presentGifts } from './gift.presenter';

export const giftRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  app.get('/gift/get-gifts', async (request) => {
    const input = parseInput(ownerQuerySchema, request.query);
    return ok(presentGifts(await service.giftsForOwner(ctx, await callerOf(ctx.db, request), input)));
  });

  app.get('/gift/get-gifts-for-guest', async (request) => {
    const { id } = parseInput(idQuerySchema, request.query);
    return ok(presentGifts(await service.giftsForGuest(ctx, await callerOf(ctx.db, request), id)));
  });

  app.post('/gift/update-gift', async (request) => {
    const input = parseInput(updateGiftSchema, request.body);
    return ok(presentGifts(await service.giveGift(ctx, await callerOf(ctx.db, request), input)));
  });
  done();
};
