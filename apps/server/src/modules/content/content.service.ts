// The rules of posts (spec §3, §4, §6, §7 /content/*): the owner's posts and their order, guest
// submissions that wait for approval, approval and denial, deletion, and epitaph ideas.
import { guestUrl } from '../../http/links';
import { MESSAGES } from '@recuerdos/shared/fields';
import { saveAdminMessageSchema, saveGuestMessageSchema, type CardOrder } from '@recuerdos/shared/post-schemas';
import type { AppContext } from '../../context';
import type { Memorial, PostRow } from '../../db/schema';
import { accessMemorial, type Caller, type MemorialAccess } from '../../auth/memorial-access';
import { authorize, type Permission } from '../../auth/permissions';
import { LIMITS } from '@recuerdos/shared/limits';
import { badRequest, conflict, forbidden, notFound, parseInput, tooManyRequests } from '../../http/errors';
import { limaDate } from '@recuerdos/shared/dates';
import { isPendingKey, newMediaKey, objectNames, ORIGINAL_SUFFIX, POSTER_SUFFIX, postShape, publicKeyOf, type MediaShape } from '../../media/media-keys';
import { queueConversion, VIDEO_CONVERT_JOB } from '../../media/video-conversion';
import { VIDEO_MESSAGES } from '../../media/video-processing';
import { hashToken, newToken } from '../../auth/tokens';
import { nowIso } from '../../db/database';
import { reserveAll, type Allowance } from '../../security/attempt-guard';
import type { MediaStore } from '../../storage/media-store';
import type { MediaUpload } from '../../media/media-upload';
import { deleteMedia, moveMedia, StagedMedia } from '../../media/staged-media';
import { CONTENT_POLICY } from './content.policy';
import { approvedPostMail, pendingPostMail } from './content.mails';
import * as repo from './content.repository';
import { cachedPostList } from './post-list-cache';
import { countUpload } from '../../metrics/metrics';

export const CONTENT_MESSAGES = {
  postNotFound: 'No encontramos esta publicación',
  pendingNotFound: 'Este mensaje ya no está pendiente de aprobación',
  tooManySubmissions: 'Ya compartiste varios recuerdos en poco tiempo. Inténtalo de nuevo más tarde',
  sent: 'Su memoria ha sido enviada',
  noEpitaph: 'No tenemos ideas de epitafio por ahora',
  pendingFull:
    'Este perfil ya tiene muchos recuerdos esperando la aprobación de la familia. Inténtalo de nuevo en unos días',
  uploadBudgetSpent: 'Ya compartiste muchas fotos y videos hoy. Podrás compartir más mañana',
  mediaMissing: 'No pudimos publicar este recuerdo porque su foto o video ya no está disponible. Puedes eliminarlo',
  contractEnded:
    'Tu servicio ha vencido: el memorial sigue visible para tus visitantes, pero no puedes publicar ni aprobar recuerdos hasta renovarlo. Escríbenos para renovarlo',
} as const;

/** Guest submissions per visitor address and memorial (spam guard; real visitors send a few). */
export const SUBMISSION_LIMIT = { max: 20, windowMs: 60 * 60_000 } as const;

/**
 * What visitors' memories may hold waiting for the owner's approval, per memorial: nobody can park
 * more than this on a memorial, however many addresses they use (issue 12 §9).
 */
export const PENDING_CAP = { items: 100, bytes: 500 * 1024 * 1024 } as const;

/** Bytes of pictures and videos one address may send as a visitor per day, over every memorial. */
export const GUEST_UPLOAD_BUDGET = { max: 300 * 1024 * 1024, windowMs: 24 * 60 * 60_000 } as const;

export const uploadBudgetKey = (address: string) => `guest-upload-bytes:${address}`;

/** `bytes` of the address's daily budget, for `reserveAll` (a file received, a resumable upload created). */
export const uploadBudgetAllowance = (address: string, bytes: number): Allowance => ({
  key: uploadBudgetKey(address),
  cap: GUEST_UPLOAD_BUDGET,
  amount: bytes,
  message: CONTENT_MESSAGES.uploadBudgetSpent,
});

/**
 * What a submission's words and its multipart framing take at most (name, e-mail, a message of 500
 * characters of up to 4 bytes, the upload's id): a body no larger carries no file to refuse early.
 */
const FORM_WORDS_BYTES = 16 * 1024;

/**
 * Refuses a visitor's upload before its body is read when the file it can carry alone is over what
 * is left of the address's daily budget (the exact size is reserved once the file is in). Words, and
 * a finished resumable upload named by id (its bytes were reserved when it was created), pass.
 */
export async function refuseOverBudget(ctx: AppContext, caller: Caller, declaredBytes: number): Promise<void> {
  const fileBytes = Math.min(declaredBytes - FORM_WORDS_BYTES, LIMITS.videoMaxBytes);
  if (!(fileBytes > 0)) return;
  const used = await ctx.limiter.peek(uploadBudgetKey(caller.ip));
  if (used.count + fileBytes > GUEST_UPLOAD_BUDGET.max) {
    throw tooManyRequests(CONTENT_MESSAGES.uploadBudgetSpent, Math.max(1, Math.ceil(used.resetMs / 1000)));
  }
}

function uploadBytes(upload: MediaUpload): number {
  const file = upload.file;
  if (!file) return 0;
  return file.kind === 'picture' ? file.buffer.length : file.temp.size;
}

/** Owners sign their posts as the family (spec §2 shows owner posts as 'Familia'). */
const OWNER_AUTHOR_NAME = 'Familia';

/**
 * An ended contract (issue 16 §2) stops the owner adding: posting and approving. Everything already
 * published stays as it is for visitors; deleting and denying stay allowed.
 */
export async function refuseWhenContractEnded(ctx: AppContext, memorial: Memorial): Promise<void> {
  const contract = await repo.latestContractEnd(ctx.db, memorial.id);
  if (!contract) return;
  const ended = contract.state === 'expired' || (contract.expiresOn !== null && contract.expiresOn < limaDate(ctx.now()));
  if (ended) throw forbidden(CONTENT_MESSAGES.contractEnded);
}

async function permitted(ctx: AppContext, caller: Caller, identifier: string, permission: Permission): Promise<MemorialAccess> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(permission, access);
  return access;
}

export interface PostsOf {
  memorial: Memorial;
  posts: readonly repo.ListedPost[];
  /** How far each video being converted is (the owner's views; read fresh, never cached). */
  progress: ReadonlyMap<number, number>;
}

async function postsOf(ctx: AppContext, caller: Caller, identifier: string, permission: Permission, list: repo.PostList): Promise<PostsOf> {
  const { memorial } = await permitted(ctx, caller, identifier, permission);
  const posts = list === 'pending-guest' ? await repo.listPosts(ctx.db, memorial.id, list) : await cachedPostList(ctx.db, memorial, list);
  const converting = posts.some((post) => post.mediaState === 'processing');
  return { memorial, posts, progress: converting ? await repo.conversionProgress(ctx.db, memorial.id) : new Map() };
}

// The owner's own view shows the posts an operator hid, marked as hidden; visitors never get them.
export const ownerPosts = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readOwnerView, 'owner-with-hidden');
export const approvedGuestPosts = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readOwnerView, 'approved-guest-with-hidden');
export const pendingGuestPosts = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readPending, 'pending-guest');
/** How many visitors' memories wait: the bell asks every minute (issue 28 §4), so one COUNT, no rows, no links. */
export async function pendingGuestCount(ctx: AppContext, caller: Caller, identifier: string): Promise<number> {
  const { memorial } = await permitted(ctx, caller, identifier, CONTENT_POLICY.readPending);
  return (await repo.pendingLoad(ctx.db, memorial.id)).items;
}
export const ownerPostsForGuest = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readPublished, 'owner');
export const approvedGuestPostsForGuest = (ctx: AppContext, caller: Caller, identifier: string) =>
  postsOf(ctx, caller, identifier, CONTENT_POLICY.readPublished, 'approved-guest');

type NewPostValues = Parameters<typeof repo.insertPost>[1];

/** A visitor's post waiting for approval, written only while the memorial's waiting list has room. */
async function insertPending(ctx: AppContext, values: NewPostValues): Promise<PostRow> {
  const post = await repo.insertPendingPost(ctx.db, ctx.dialect, values, PENDING_CAP);
  if (!post) throw conflict(CONTENT_MESSAGES.pendingFull);
  return post;
}

/**
 * Stages the upload's media and writes the row; the objects become final only after the row. A
 * `pending` post (a visitor's) is written within PENDING_CAP; refused, its staged media go.
 *
 * `receipt`: a visitor's token for a video that turns out to need converting (issue 26), stored
 * hashed with the post and its conversion, so their page can ask how it went.
 */
async function storePost(
  ctx: AppContext,
  upload: MediaUpload,
  values: Omit<NewPostValues, 'mediaKey' | 'mediaKind'>,
  pending: boolean,
  receipt: string | null = null,
): Promise<PostRow> {
  const insert = (row: NewPostValues) => (pending ? insertPending(ctx, row) : repo.insertPost(ctx.db, row));
  const file = upload.file;
  if (!file) return insert({ ...values, mediaKey: null, mediaKind: null });
  const store = ctx.media;
  const staged = file.kind === 'picture' ? await StagedMedia.picture(store, file.buffer, 'post') : StagedMedia.video(store, file.temp, file.poster);
  const key = newMediaKey(pending);
  // A video without a poster is an original to convert (issue 26): the post waits for it.
  const converting = file.kind === 'video' && file.poster === null;
  const row = await staged.commit(
    key,
    async () => {
      const post = await insert({
        ...values,
        mediaKey: key,
        mediaKind: staged.kind,
        mediaBytes: uploadBytes(upload),
        mediaPoster: staged.kind === 'video' && !converting ? 1 : 0,
        ...(converting ? { mediaState: 'processing' as const } : {}),
      });
      if (converting) {
        try {
          await queueConversion(ctx.db, post.id, key + ORIGINAL_SUFFIX, file.duration);
          if (receipt) {
            const now = ctx.now();
            await repo.insertVideoReceipt(ctx.db, {
              tokenHash: hashToken(receipt),
              memorialId: values.memorialId,
              postId: post.id,
              createdAt: nowIso(now),
              expiresAt: nowIso(new Date(now.getTime() + VIDEO_RECEIPT_TTL_MS)),
            });
          }
        } catch (err) {
          await repo.deleteVideoReceipts(ctx.db, post.id);
          await repo.deletePostRow(ctx.db, post.id);
          throw err;
        }
      }
      return post;
    },
    async (row) => {
      await repo.deleteVideoReceipts(ctx.db, row.id);
      await repo.deletePostRow(ctx.db, row.id);
    },
    ctx.log,
  );
  countUpload(staged.kind, uploadBytes(upload));
  if (converting) await ctx.jobs.soon(VIDEO_CONVERT_JOB, ctx.db);
  return row;
}

/**
 * Before a resumable video upload starts (issue 13 §4): the checks its submission will run on who
 * sends it — the owner adding a post, or a guest who may share videos on this memorial. Returns the
 * memorial, who the upload belongs to, and whether it is a visitor's (whose bytes the caller
 * reserves against the address's daily budget, as the submission would: `uploadBudgetAllowance`).
 */
export async function mayUploadVideo(ctx: AppContext, caller: Caller, identifier: string): Promise<{ memorial: Memorial; uploader: string; visitor: boolean }> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  if (access.relation === 'owner' && caller.user) {
    await refuseWhenContractEnded(ctx, access.memorial);
    return { memorial: access.memorial, uploader: `owner:${caller.user.accountId}`, visitor: false };
  }
  authorize(CONTENT_POLICY.submit, access);
  authorize(CONTENT_POLICY.submitMedia, access);
  return { memorial: access.memorial, uploader: `guest:${caller.guest?.sessionId ?? 0}`, visitor: true };
}

/** Who a resumable upload of `memorialId` belongs to when `caller` sends or uses it (null: nobody it knows). */
export function uploaderOf(caller: Caller, memorial: Pick<Memorial, 'id' | 'accountId'>): string | null {
  if (caller.user && caller.user.accountId === memorial.accountId) return `owner:${caller.user.accountId}`;
  if (caller.guest && caller.guest.memorialId === memorial.id) return `guest:${caller.guest.sessionId}`;
  return null;
}

/** Text is required without media and optional with it ('' for the client's single space). */
function postText(message: string, hasMedia: boolean): string {
  const text = message.trim();
  if (!text && !hasMedia) throw badRequest(MESSAGES.messageRequired);
  return text;
}

export async function saveOwnerPost(ctx: AppContext, caller: Caller, upload: MediaUpload): Promise<{ memorial: Memorial; post: PostRow }> {
  try {
    const input = parseInput(saveAdminMessageSchema, upload.fields);
    const { memorial } = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.addOwnerPost);
    await refuseWhenContractEnded(ctx, memorial);
    const text = postText(input.message, upload.file !== null);
    const post = await storePost(
      ctx,
      upload,
      { memorialId: memorial.id, authorKind: 'owner', authorName: OWNER_AUTHOR_NAME, authorEmail: null, text, state: 'approved', approvedAt: null },
      false,
    );
    return { memorial, post };
  } finally {
    await upload.discard();
  }
}

/**
 * `budgetReserved`: the file is a finished resumable upload, whose bytes were reserved against the
 * daily budget when it was created — that reservation is the charge, not taken a second time.
 */
export async function saveGuestPost(ctx: AppContext, caller: Caller, upload: MediaUpload, { budgetReserved = false } = {}): Promise<{ receipt: string | null }> {
  try {
    const input = parseInput(saveGuestMessageSchema, upload.fields);
    const access = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.submit);
    const text = postText(input.message, upload.file !== null);
    if (text) authorize(CONTENT_POLICY.submitMessage, access);
    if (upload.file) authorize(CONTENT_POLICY.submitMedia, access);
    const { memorial } = access;
    const bytes = uploadBytes(upload);
    const giveBack = await reserveAll(ctx.limiter, [
      { key: `guest-post:${memorial.id}:${caller.ip}`, cap: SUBMISSION_LIMIT, message: CONTENT_MESSAGES.tooManySubmissions },
      ...(bytes > 0 && !budgetReserved ? [uploadBudgetAllowance(caller.ip, bytes)] : []),
    ]);
    let post: PostRow;
    const receipt = newToken();
    try {
      // A first look spares a full list the picture's work; the row is written only within the cap
      // (insertPendingPost), however many submissions passed this look at once.
      const waiting = await repo.pendingLoad(ctx.db, memorial.id);
      if (waiting.items >= PENDING_CAP.items || waiting.bytes + bytes > PENDING_CAP.bytes) throw conflict(CONTENT_MESSAGES.pendingFull);
      post = await storePost(
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
        receipt,
      );
    } catch (err) {
      await giveBack();
      throw err;
    }
    if (memorial.flagNotification) await notifyOwner(ctx, memorial, post);
    return { receipt: post.mediaState === 'processing' ? receipt : null };
  } finally {
    await upload.discard();
  }
}

/** How long a visitor's page may ask how its video's conversion went (issue 26). */
export const VIDEO_RECEIPT_TTL_MS = 30 * 24 * 60 * 60_000;

export type GuestVideoState = 'processing' | 'ready' | 'failed' | 'gone';

/**
 * How the videos this visitor sent are doing, by the receipts their page holds (issue 26): still
 * converting, ready (waiting for the family, or published), failed (with why, in Spanish), or gone
 * (removed by the family, or a receipt this memorial does not know or that expired). Only a guest
 * session of the memorial may ask, and a receipt tells only of its own video.
 */
export async function guestVideoStates(
  ctx: AppContext,
  caller: Caller,
  input: { identifier: string; receipts: string[] },
): Promise<{ receipt: string; state: GuestVideoState; message?: string }[]> {
  const { memorial } = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.readOwnReceipts);
  const byHash = new Map(input.receipts.map((receipt) => [hashToken(receipt), receipt]));
  const rows = await repo.videoReceiptStates(ctx.db, memorial.id, [...byHash.keys()], ctx.now());
  const found = new Map(rows.map((row) => [row.tokenHash, row]));
  return [...byHash].map(([hash, receipt]) => {
    const row = found.get(hash);
    if (row?.failedAt) return { receipt, state: 'failed' as const, message: VIDEO_MESSAGES.conversionFailed };
    if (row?.mediaState === 'processing') return { receipt, state: 'processing' as const };
    if (row?.mediaState === 'ready') return { receipt, state: 'ready' as const };
    return { receipt, state: 'gone' as const };
  });
}

async function notifyOwner(ctx: AppContext, memorial: Memorial, post: PostRow): Promise<void> {
  const owner = await repo.ownerContact(ctx.db, memorial.accountId);
  if (!owner) return;
  await ctx.mail.queue(
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
  if (post.mediaKey && post.mediaKind) await deleteMedia(ctx.media, post.mediaKey, postShape(post.mediaKind), ctx.log);
}

/** Publishes a pending guest post: its media leaves `pending/` first, then the row changes. */
export async function approvePost(ctx: AppContext, caller: Caller, input: PostKey): Promise<PostRow> {
  const { memorial } = await permitted(ctx, caller, input.identifier, CONTENT_POLICY.moderate);
  await refuseWhenContractEnded(ctx, memorial);
  const post = await postOf(ctx, memorial, input.date);
  if (post.state !== 'pending') throw notFound(CONTENT_MESSAGES.pendingNotFound);

  let approved: PostRow | null;
  if (post.mediaState === 'processing' && (approved = await repo.markApprovedWhileConverting(ctx.db, post.id))) {
    // Its video is still converting: it goes public, objects and all, when the conversion ends.
  } else if (post.mediaKey && post.mediaKind && isPendingKey(post.mediaKey)) {
    const store = ctx.media;
    const shape = postShape(post.mediaKind);
    const publicKey = publicKeyOf(post.mediaKey);
    // A file lost from the store (a restore without media, a manual clean-up) is a clear answer, not
    // a 500: nothing is moved and the post stays pending, for the owner to delete.
    if (!(await mediaPresent(store, post.mediaKey, publicKey, shape))) throw conflict(CONTENT_MESSAGES.mediaMissing);
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
    await ctx.mail.queue(
      approvedPostMail({
        to: approved.authorEmail,
        authorName: approved.authorName,
        memorialName: memorial.fullname,
        guestUrl: guestUrl(ctx.config.publicUrl, memorial.identifier),
      }),
    );
  }
  return approved;
}

/** Every object of the upload is in the store, under its pending name or (a retried approval) its public one. */
async function mediaPresent(store: MediaStore, pendingKey: string, publicKey: string, shape: MediaShape): Promise<boolean> {
  const targets = objectNames(publicKey, shape);
  const sources = objectNames(pendingKey, shape);
  const found = await Promise.all(sources.map(async (name, index) => (await store.head(name)) ?? (await store.head(targets[index] ?? ''))));
  // A video sent before poster frames existed may have none (the backfill gives it one).
  return found.every((info, index) => info !== null || (sources[index] ?? '').endsWith(POSTER_SUFFIX));
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
