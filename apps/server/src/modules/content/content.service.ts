// The rules of posts (spec §3, §4, §6, §7 /content/*): the owner's posts and their order, guest
// submissions that wait for approval, approval and denial, deletion, and epitaph ideas.
import { MESSAGES } from '@recuerdos/shared/fields';
import { saveAdminMessageSchema, saveGuestMessageSchema, type CardOrder } from '@recuerdos/shared/post-schemas';
import type { AppContext } from '../../context';
import type { Memorial, PostRow } from '../../db/schema';
import { accessMemorial, type Caller, type MemorialAccess } from '../../auth/memorial-access';
import { authorize, type Permission } from '../../auth/permissions';
import { badRequest, notFound, parseInput, tooManyRequests } from '../../http/errors';
import { isPendingKey, newMediaKey, postShape, publicKeyOf } from '../../media/media-keys';
import type { MediaUpload } from '../../media/media-upload';
import { deleteMedia, moveMedia, StagedMedia } from '../../media/staged-media';
import { mediaStoreFor } from '../../storage/media-store-for';
import { CONTENT_POLICY } from './content.policy';
import { approvedPostMail, pendingPostMail } from './content.mails';
import * as repo from './content.repository';

export const CONTENT_MESSAGES = {
  postNotFound: 'No encontramos esta publicación',
  pendingNotFound: 'Este mensaje ya no está pendiente de aprobación',
  tooManySubmissions: 'Ya compartiste varios recuerdos en poco tiempo. Inténtalo de nuevo más tarde',
  sent: 'Su memoria ha sido enviada',
  noEpitaph: 'No tenemos ideas de epitafio por ahora',
} as const;

/** Guest submissions per visitor IP and memorial (spam guard; real visitors send a few). */
export const SUBMISSION_LIMIT = { max: 20, windowMs: 60 * 60_000 } as const;

/** Owners sign their posts as the family (spec §2 shows owner posts as 'Familia'). */
const OWNER_AUTHOR_NAME = 'Familia';

async function permitted(ctx: AppContext, caller: Caller, identifier: string, permission: Permission): Promise<MemorialAccess> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(permission, access);
  return access;
}

export interface PostsOf {
  memorial: Memorial;
  posts: repo.ListedPost[];
}

async function postsOf(ctx: AppContext, caller: Caller, identifier: string, permission: Permission, list: repo.PostList): Promise<PostsOf> {
  const { memorial } = await permitted(ctx, caller, identifier, permission);
  return { memorial, posts: await repo.listPosts(ctx.db, memorial.id, list) };
}

export const ownerPosts = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readOwnerView, 'owner');
export const approvedGuestPosts = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readOwnerView, 'approved-guest');
export const pendingGuestPosts = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readPending, 'pending-guest');
export const ownerPostsForGuest = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readPublished, 'owner');
export const approvedGuestPostsForGuest = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readPublished, 'approved-guest');

/** Stages the upload's media and writes the row; the objects become final only after the row. */
async function storePost(
  ctx: AppContext,
  upload: MediaUpload,
  values: Omit<Parameters<typeof repo.insertPost>[1], 'mediaKey' | 'mediaKind'>,
  pending: boolean,
): Promise<PostRow> {
  const file = upload.file;
  if (!file) return repo.insertPost(ctx.db, { ...values, mediaKey: null, mediaKind: null });
  const store = mediaStoreFor(ctx);
  const staged = file.kind === 'picture' ? await StagedMedia.picture(store, file.buffer, 'post') : StagedMedia.video(store, file.temp);
  const key = newMediaKey(pending);
  return staged.commit(
    key,
    () => repo.insertPost(ctx.db, { ...values, mediaKey: key, mediaKind: staged.kind }),
    async (row) => {
      await repo.deletePostRow(ctx.db, row.id);
    },
    ctx.log,
  );
}

/** Text is required without media and optional with it ('' for the client's single space). */
function postText(message: string, hasMedia: boolean): string {
  const text = message.trim();
  if (!text && !hasMedia) throw badRequest(MESSAGES.messageRequired);
  return text;
}

export async function saveOwnerPost(ctx: AppContext, caller: Caller, upload: MediaUpload): Promise<PostRow> {
  try {
    const input = parseInput(saveAdminMessageSchema, upload.fields);
    const { memorial } = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.addOwnerPost);
    const text = postText(input.message, upload.file !== null);
    return await storePost(
      ctx,
      upload,
      { memorialId: memorial.id, authorKind: 'owner', authorName: OWNER_AUTHOR_NAME, authorEmail: null, text, state: 'approved', approvedAt: null },
      false,
    );
  } finally {
    await upload.discard();
  }
}

export async function saveGuestPost(ctx: AppContext, caller: Caller, upload: MediaUpload): Promise<void> {
  try {
    const input = parseInput(saveGuestMessageSchema, upload.fields);
    const access = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.submit);
    const text = postText(input.message, upload.file !== null);
    if (text) authorize(CONTENT_POLICY.submitMessage, access);
    if (upload.file) authorize(CONTENT_POLICY.submitMedia, access);
    const { memorial } = access;
    const hit = await ctx.limiter.hit(`guest-post:${memorial.id}:${caller.ip}`, SUBMISSION_LIMIT.windowMs);
    if (hit.count > SUBMISSION_LIMIT.max) throw tooManyRequests(CONTENT_MESSAGES.tooManySubmissions, Math.ceil(hit.resetMs / 1000));
    const post = await storePost(
      ctx,
      upload,
      {
        memorialId: memorial.id,
        authorKind: 'guest',
        authorName: input.fullname,
        authorEmail: input.email || null,
        text,
        state: 'pending',
        approvedAt: null,
      },
      true,
    );
    if (memorial.flagNotification) await notifyOwner(ctx, memorial, post);
  } finally {
    await upload.discard();
  }
}

async function notifyOwner(ctx: AppContext, memorial: Memorial, post: PostRow): Promise<void> {
  const owner = await repo.ownerContact(ctx.db, memorial.accountId);
  if (!owner) return;
  ctx.mail.queue(
    pendingPostMail({
      to: owner.email,
      ownerName: owner.name,
      memorialName: memorial.fullname,
      authorName: post.authorName,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}

async function postOf(ctx: AppContext, memorial: Memorial, reg: string): Promise<PostRow> {
  const post = await repo.findPost(ctx.db, memorial.id, reg);
  if (!post) throw notFound(CONTENT_MESSAGES.postNotFound);
  return post;
}

export interface PostKey {
  identifier: string;
  date: string;
}

/** Deletes any post of the memorial (the owner's or a guest's) with its media. */
export async function deletePost(ctx: AppContext, caller: Caller, input: PostKey): Promise<void> {
  const { memorial } = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.deletePost);
  const post = await postOf(ctx, memorial, input.date);
  const deleted = await repo.deletePostRow(ctx.db, post.id);
  if (deleted) await removeMediaOf(ctx, deleted);
}

export async function denyPost(ctx: AppContext, caller: Caller, input: PostKey): Promise<void> {
  const { memorial } = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.moderate);
  const post = await postOf(ctx, memorial, input.date);
  const deleted = post.state === 'pending' ? await repo.deletePostRow(ctx.db, post.id, true) : null;
  if (!deleted) throw notFound(CONTENT_MESSAGES.pendingNotFound);
  await removeMediaOf(ctx, deleted);
}

async function removeMediaOf(ctx: AppContext, post: PostRow): Promise<void> {
  if (post.mediaKey && post.mediaKind) await deleteMedia(mediaStoreFor(ctx), post.mediaKey, postShape(post.mediaKind), ctx.log);
}

/** Publishes a pending guest post: its media leaves `pending/` first, then the row changes. */
export async function approvePost(ctx: AppContext, caller: Caller, input: PostKey): Promise<PostRow> {
  const { memorial } = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.moderate);
  const post = await postOf(ctx, memorial, input.date);
  if (post.state !== 'pending') throw notFound(CONTENT_MESSAGES.pendingNotFound);

  let approved: PostRow | null;
  if (post.mediaKey && post.mediaKind && isPendingKey(post.mediaKey)) {
    const store = mediaStoreFor(ctx);
    const shape = postShape(post.mediaKind);
    const publicKey = publicKeyOf(post.mediaKey);
    await moveMedia(store, post.mediaKey, publicKey, shape);
    try {
      approved = await repo.markApproved(ctx.db, post.id, publicKey);
    } catch (err) {
      await moveMedia(store, publicKey, post.mediaKey, shape).catch((moveErr: unknown) =>
        ctx.log.error({ err: moveErr }, 'Could not return media to pending after a failed approval'),
      );
      throw err;
    }
    if (!approved) {
      // Denied while we were moving its media: nothing may stay public.
      const current = await repo.findPost(ctx.db, memorial.id, post.reg);
      if (!current) await deleteMedia(store, publicKey, shape, ctx.log);
    }
  } else {
    approved = await repo.markApproved(ctx.db, post.id, post.mediaKey);
  }
  if (!approved) throw notFound(CONTENT_MESSAGES.pendingNotFound);

  if (approved.authorEmail) {
    ctx.mail.queue(
      approvedPostMail({
        to: approved.authorEmail,
        authorName: approved.authorName,
        memorialName: memorial.fullname,
        guestUrl: `${ctx.config.publicUrl}/guest?id=${encodeURIComponent(memorial.identifier)}`,
      }),
    );
  }
  return approved;
}

export async function reorderPosts(ctx: AppContext, caller: Caller, input: { identifier: string; cards: CardOrder[] }): Promise<void> {
  const { memorial } = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.reorder);
  // Spec §5: a save with an empty list does nothing.
  if (input.cards.length === 0) return;
  await repo.updatePlaces(ctx.db, memorial.id, input.cards);
}

export async function randomEpitaph(ctx: AppContext): Promise<string> {
  const description = await repo.randomEpitaph(ctx.db);
  if (!description) throw notFound(CONTENT_MESSAGES.noEpitaph);
  return description;
}
