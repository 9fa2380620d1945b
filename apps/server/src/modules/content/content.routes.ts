// /api/content/* (spec §7).
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { identifierQuerySchema, idQuerySchema } from '@recuerdos/shared/memorial-schemas';
import { guestVideoStatesSchema, postKeySchema, updateCardsOrderSchema } from '@recuerdos/shared/post-schemas';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { requireSessionFor } from '../../auth/permissions';
import { parseInput } from '../../http/errors';
import { ok, okUnlessUnchanged } from '../../http/reply';
import { readMediaUpload, withFile, type MediaUpload } from '../../media/media-upload';
import type { Caller } from '../../auth/memorial-access';
import { badRequest } from '../../http/errors';
import { finishUpload, releaseUpload, takeFinishedVideo, UPLOAD_MESSAGES } from '../uploads/uploads.service';
import * as service from './content.service';
import { presentEpitaph, presentPendingCount, presentPendingPosts, presentPosts, presentSavedPost } from './content.presenter';
import { pageAfter, pagingQuerySchema } from './post-pages';

const POST_MEDIA_FIELDS = { picture: 'postPicture', video: 'postVideo' } as const;

/** Runs the submission; a resumable upload it used is removed after, or given back when it was refused. */
async function submitting<T>(ctx: AppContext, resumed: string | null, save: () => Promise<T>): Promise<T> {
  let saved: T;
  try {
    saved = await save();
  } catch (err) {
    if (resumed) await releaseUpload(ctx, resumed);
    throw err;
  }
  if (resumed) await finishUpload(ctx, resumed);
  return saved;
}

/**
 * The form, with the video of a finished resumable upload when it names one (`upload`, issue 13 §4)
 * instead of carrying a file part; `resumed` is that upload's id, removed once the post is saved.
 */
async function readPostUpload(ctx: AppContext, request: FastifyRequest, who: Caller): Promise<{ upload: MediaUpload; resumed: string | null }> {
  const upload = await readMediaUpload(request, ctx.media, POST_MEDIA_FIELDS);
  const resumed = upload.fields.upload;
  if (resumed === undefined || resumed === '') return { upload, resumed: null };
  try {
    if (upload.file || typeof resumed !== 'string') throw badRequest(UPLOAD_MESSAGES.bothFiles);
    const video = await takeFinishedVideo(ctx, who, resumed, upload.fields.identifier);
    return { upload: withFile(upload, ctx.media, video), resumed };
  } catch (err) {
    await upload.discard();
    throw err;
  }
}

export const contentRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  const caller = (request: FastifyRequest) => callerOf(ctx.db, request);

  const ownerLists = [
    ['/content/get-admin-posts', service.ownerPosts],
    ['/content/get-guest-approved-posts', service.approvedGuestPosts],
  ] as const;
  for (const [path, list] of ownerLists) {
    app.get(path, async (request) => {
      const { identifier } = parseInput(identifierQuerySchema, request.query);
      const { memorial, posts, progress } = await list(ctx, await caller(request), identifier);
      return ok(presentPosts(posts, memorial.identifier, ctx.mediaLinks.of(memorial), progress));
    });
  }

  const guestLists = [
    ['/content/get-admin-posts-for-guest', service.ownerPostsForGuest, 'owner'],
    ['/content/get-guest-approved-posts-for-guest', service.approvedGuestPostsForGuest, 'guest'],
  ] as const;
  for (const [path, list, kind] of guestLists) {
    app.get(path, async (request, reply) => {
      const { id } = parseInput(idQuerySchema, request.query);
      const { size, after } = pagingQuerySchema.parse(request.query);
      const { memorial, posts } = await list(ctx, await caller(request), id);
      const link = ctx.mediaLinks.of(memorial);
      // Unchanged while the memorial (its posts' version included) and the links are (issue 13 §2).
      const stamp = `${kind}|${size ?? 'all'}|${after ?? ''}|${ctx.mediaLinks.windowOf(memorial)}|${JSON.stringify(memorial)}`;
      if (!size) return okUnlessUnchanged(request, reply, stamp, presentPosts(posts, memorial.identifier, link));
      // Optional paging (issue 13 §1): one page after `after`, and where the next starts.
      const page = pageAfter(kind, posts, size, after);
      return okUnlessUnchanged(request, reply, stamp, { ...presentPosts(page.rows, memorial.identifier, link), next: page.next });
    });
  }

  app.get('/content/get-guest-pending-posts', async (request) => {
    const { identifier } = parseInput(identifierQuerySchema, request.query);
    const { memorial, posts, progress } = await service.pendingGuestPosts(ctx, await caller(request), identifier);
    return ok(presentPendingPosts(posts, ctx.mediaLinks.of(memorial), progress));
  });

  // Not in spec §7: the bell's count alone, asked while the family's page is open (issue 28 §4).
  app.get('/content/count-guest-pending-posts', async (request) => {
    const { identifier } = parseInput(identifierQuerySchema, request.query);
    return ok(presentPendingCount(await service.pendingGuestCount(ctx, await caller(request), identifier)));
  });

  app.post('/content/save-admin-message', { config: { multipartFiles: true } }, async (request) => {
    const who = await caller(request);
    requireSessionFor('owner', who);
    const { upload, resumed } = await readPostUpload(ctx, request, who);
    const { memorial, post } = await submitting(ctx, resumed, () => service.saveOwnerPost(ctx, who, upload));
    return ok(presentSavedPost(post, ctx.mediaLinks.of(memorial)));
  });

  app.post('/content/save-guest-message', { config: { multipartFiles: true } }, async (request) => {
    const who = await caller(request);
    requireSessionFor('guest', who);
    await service.refuseOverBudget(ctx, who, Number(request.headers['content-length'] ?? 0));
    const { upload, resumed } = await readPostUpload(ctx, request, who);
    const { receipt } = await submitting(ctx, resumed, () => service.saveGuestPost(ctx, who, upload, { budgetReserved: resumed !== null }));
    // A video being converted: the receipt with which this visitor's page asks how it went (issue 26).
    return ok(receipt ? { receipt } : {}, service.CONTENT_MESSAGES.sent);
  });

  // Not in spec §7 (issue 26): how the videos this visitor sent are converting, by their receipts.
  app.post('/content/guest-video-states', async (request) => {
    const who = await caller(request);
    requireSessionFor('guest', who);
    return ok({ videos: await service.guestVideoStates(ctx, who, parseInput(guestVideoStatesSchema, request.body)) });
  });

  app.post('/content/delete-message', async (request) => {
    await service.deletePost(ctx, await caller(request), parseInput(postKeySchema, request.body));
    return ok({});
  });

  app.post('/content/approve-message', async (request) => {
    await service.approvePost(ctx, await caller(request), parseInput(postKeySchema, request.body));
    return ok({});
  });

  app.post('/content/deny-message', async (request) => {
    await service.denyPost(ctx, await caller(request), parseInput(postKeySchema, request.body));
    return ok({});
  });

  app.post('/content/update-cards-order', async (request) => {
    await service.reorderPosts(ctx, await caller(request), parseInput(updateCardsOrderSchema, request.body));
    return ok({});
  });

  app.get('/content/epitafio/random', async () => {
    return ok(presentEpitaph(await service.randomEpitaph(ctx)));
  });
  done();
};
