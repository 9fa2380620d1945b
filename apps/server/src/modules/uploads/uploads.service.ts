// Resumable video uploads (issue 13 §4; docs/decisions/020-resumable-uploads.md). A video of up to
// 50 MB (the owner's: 1 GB, issue 26) is sent in pieces over the tus protocol: created with its length, appended to from the
// offset the server reports, and, once complete, named in the submission (`upload`), which checks
// and stores it exactly as a multipart video. The upload is a database row and its pieces are
// temporary objects of the media store, so any instance continues any upload; an upload never
// finished is swept with the other temporary uploads.
//
// A visitor's upload reserves its declared length against the address's daily upload budget when it
// is created (the submission that uses it is not charged again); an upload removed unused — deleted,
// expired, or not a readable video — gives back only what never arrived: bytes received are spent,
// so a loop of creating, sending and deleting cannot move more than the budget a day. The bytes of visitors' uploads not yet used are
// also capped per address and per memorial, however many addresses send them (issue 31 §3).
import { randomBytes } from 'node:crypto';
import { LIMITS } from '@recuerdos/shared/limits';
import { MESSAGES } from '@recuerdos/shared/fields';
import type { AppContext } from '../../context';
import type { Caller } from '../../auth/memorial-access';
import { nowIso } from '../../db/database';
import { AppError, badRequest, conflict, notFound, tooLarge, tooManyRequests } from '../../http/errors';
import { storeVideo, type ReceivedMedia } from '../../media/media-upload';
import { reserveAll } from '../../security/attempt-guard';
import { mayUploadVideo, uploadBudgetAllowance, uploadBudgetKey, uploaderOf } from '../content/content.service';
import * as repo from './uploads.repository';

export const UPLOAD_MESSAGES = {
  gone: 'Esta subida ya no está disponible. Vuelve a enviar el video',
  wrongOffset: 'La subida del video no continuaba donde se había quedado. Vuelve a intentarlo',
  unfinished: 'El video aún no terminó de subirse. Vuelve a intentarlo',
  lengthRequired: 'Indica el tamaño del video que vas a subir',
  overLength: 'Llegaron más datos que el tamaño anunciado del video',
  tooMany: 'Empezaste a subir muchos videos en poco tiempo. Inténtalo de nuevo más tarde',
  bothFiles: 'Envía el video como archivo o como subida, no de las dos formas',
  addressHoldsMany: 'Tienes varios videos a medio subir. Termina de enviarlos, o espera una hora, antes de empezar otro',
  memorialHoldsMany: 'Este perfil está recibiendo muchos videos en este momento. Inténtalo de nuevo en una hora',
} as const;

const MB = 1024 * 1024;

export const RESUMABLE_UPLOADS = {
  /**
   * An upload can be continued and used for this long after it was created. Its pieces are younger
   * by construction, so the temporary-upload sweep (TEMP_MEDIA_MAX_AGE_MS, an hour) never removes a
   * piece of a usable upload; the same sweep removes the upload's row once this has passed.
   */
  usableMs: 50 * 60_000,
  /** Bytes kept in memory before a piece is written: what a dropped connection may cost, at most. */
  pieceBytes: 2 * 1024 * 1024,
  /** Uploads started per address: a visitor sends a few videos, not dozens. */
  perAddress: { max: 20, windowMs: 60 * 60_000 },
  /**
   * Bytes (declared lengths) of visitors' uploads created and not yet used or removed, per address
   * over every memorial and per memorial over every address. Each must hold at least one video of
   * the largest length accepted. The owner's uploads are not counted (nor budgeted): visitors can
   * never keep the family from sending a video.
   */
  unfinishedBytes: { perAddress: 300 * MB, perMemorial: 500 * MB },
} as const;

export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export interface UploadState {
  id: string;
  length: number;
  received: number;
  expiresAt: Date;
}

const expiresAt = (row: { createdAt: string }) => new Date(Date.parse(row.createdAt) + RESUMABLE_UPLOADS.usableMs);

/** The upload, when it exists, is still usable and belongs to this caller; 404 otherwise (never says whose it is). */
async function ownUpload(ctx: AppContext, caller: Caller, id: string): Promise<repo.UploadRow> {
  const row = UPLOAD_ID_PATTERN.test(id) ? await repo.findUpload(ctx.db, id) : null;
  if (!row || expiresAt(row) <= ctx.now()) throw notFound(UPLOAD_MESSAGES.gone);
  if (uploaderOf(caller, { id: row.memorialId, accountId: row.accountId }) !== row.uploader) throw notFound(UPLOAD_MESSAGES.gone);
  return row;
}

// While a submission uses it (received = -1) the upload is complete as far as its client knows.
const state = (row: repo.UploadRow): UploadState => ({ id: row.id, length: row.length, received: row.received < 0 ? row.length : row.received, expiresAt: expiresAt(row) });

export async function createUpload(ctx: AppContext, caller: Caller, input: { identifier: string; length: number }): Promise<UploadState> {
  if (!input.identifier) throw badRequest(MESSAGES.identifierRequired);
  if (!Number.isSafeInteger(input.length) || input.length < 1) throw badRequest(UPLOAD_MESSAGES.lengthRequired);
  if (input.length > LIMITS.ownerVideoMaxBytes) throw tooLarge(MESSAGES.ownerVideoTooLarge);
  const { memorial, uploader, visitor } = await mayUploadVideo(ctx, caller, input.identifier);
  // The owner's video may be up to 1 GB (issue 26); a visitor's keeps 50 MB, which the daily budget
  // and the caps on unfinished uploads are sized for (docs/decisions/020, 027).
  if (visitor && input.length > LIMITS.videoMaxBytes) throw tooLarge(MESSAGES.videoTooLarge);
  // Counted first, atomically: a burst of creations is granted exactly what the budget holds.
  const giveBack = await reserveAll(ctx.limiter, [
    { key: `resumable-upload:${caller.ip}`, cap: RESUMABLE_UPLOADS.perAddress, message: UPLOAD_MESSAGES.tooMany },
    ...(visitor ? [uploadBudgetAllowance(caller.ip, input.length)] : []),
  ]);
  const id = randomBytes(16).toString('base64url');
  const createdAt = nowIso(ctx.now());
  try {
    const budgetUntil = visitor ? nowIso(new Date(ctx.now().getTime() + (await ctx.limiter.peek(uploadBudgetKey(caller.ip))).resetMs)) : null;
    const values = { id, memorialId: memorial.id, uploader, length: input.length, createdAt, guestAddress: visitor ? caller.ip : null, budgetUntil };
    const refused = await repo.insertUpload(ctx.db, ctx.dialect, values, RESUMABLE_UPLOADS.unfinishedBytes);
    if (refused === 'perAddress') throw tooManyRequests(UPLOAD_MESSAGES.addressHoldsMany);
    if (refused === 'perMemorial') throw conflict(UPLOAD_MESSAGES.memorialHoldsMany);
  } catch (err) {
    await giveBack();
    throw err;
  }
  return { id, length: input.length, received: 0, expiresAt: expiresAt({ createdAt }) };
}

export async function uploadState(ctx: AppContext, caller: Caller, id: string): Promise<UploadState> {
  return state(await ownUpload(ctx, caller, id));
}

/**
 * Appends the body at `offset` (which must be what the server has). The body is kept in pieces as it
 * arrives; when the connection drops, what arrived is kept too, so the client resumes from there.
 * Returns the new offset.
 */
export async function appendToUpload(ctx: AppContext, caller: Caller, id: string, offset: number, body: AsyncIterable<Buffer>): Promise<UploadState> {
  const row = await ownUpload(ctx, caller, id);
  if (offset !== row.received) throw conflict(UPLOAD_MESSAGES.wrongOffset);
  let at = offset;
  let chunks: Buffer[] = [];
  let buffered = 0;
  const flush = async () => {
    if (buffered === 0) return;
    let piece = Buffer.concat(chunks, buffered);
    chunks = [];
    buffered = 0;
    // An earlier request of this upload that was cut off may have kept its last bytes after this
    // one started from the offset it was told (the bytes at an offset are the file's, whoever sent
    // them): skip what is already there rather than refuse this request.
    const has = await repo.receivedOf(ctx.db, id);
    if (has !== at) {
      if (has === null || has < at || has - at > piece.length) throw conflict(UPLOAD_MESSAGES.wrongOffset);
      piece = piece.subarray(has - at);
      at = has;
      if (piece.length === 0) return;
    }
    const temp = await ctx.media.putTemp(piece);
    let added = false;
    try {
      added = await repo.addPiece(ctx.db, id, at, piece.length, temp.tempKey);
    } finally {
      if (!added) await ctx.media.discardTemp(temp.tempKey).catch(() => undefined);
    }
    if (!added) throw conflict(UPLOAD_MESSAGES.wrongOffset);
    at += piece.length;
  };
  try {
    for await (const chunk of body) {
      if (at + buffered + chunk.length > row.length) throw badRequest(UPLOAD_MESSAGES.overLength);
      chunks.push(chunk);
      buffered += chunk.length;
      if (buffered >= RESUMABLE_UPLOADS.pieceBytes) await flush();
    }
  } catch (err) {
    // A connection that dropped: keep what did arrive, the client resumes after it.
    if (!(err instanceof AppError)) await flush().catch((flushErr: unknown) => ctx.log.warn({ err: flushErr }, 'Could not keep the last piece of an upload'));
    throw err;
  }
  await flush();
  return { ...state(row), received: at };
}

/**
 * Removes the upload with its pieces. One that was not `used` for a post gives the bytes that never
 * arrived back to the daily budget it was reserved against — only within that budget's window (a
 * later window never held them), and only once however many removals race (only the one that
 * deleted the row). The bytes that arrived stay spent, as a submitted file's are.
 */
async function removeUpload(ctx: AppContext, id: string, how: 'used' | 'unused'): Promise<void> {
  const { tempKeys, hold } = await repo.deleteUpload(ctx.db, id);
  if (how === 'unused' && hold && hold.bytes > 0 && ctx.now() < new Date(hold.until)) {
    await ctx.limiter
      .release(uploadBudgetKey(hold.address), hold.bytes)
      .catch((err: unknown) => ctx.log.warn({ err, upload: id }, 'Could not give an unused upload back to its daily budget'));
  }
  const results = await Promise.allSettled(tempKeys.map((key) => ctx.media.discardTemp(key)));
  for (const result of results) {
    if (result.status === 'rejected') ctx.log.warn({ err: result.reason as unknown, upload: id }, 'Could not remove a piece of an upload (the sweep will)');
  }
}

export async function deleteUpload(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await ownUpload(ctx, caller, id);
  await removeUpload(ctx, id, 'unused');
}

async function* piecesOf(ctx: AppContext, row: repo.UploadRow): AsyncGenerator<Buffer> {
  let at = 0;
  for (const piece of await repo.listPieces(ctx.db, row.id)) {
    const body = piece.start === at ? await ctx.media.readTemp(piece.tempKey) : null;
    if (!body) throw notFound(UPLOAD_MESSAGES.gone);
    for await (const chunk of body) yield chunk as Buffer;
    at += piece.size;
  }
  if (at !== row.length) throw notFound(UPLOAD_MESSAGES.gone);
}

/**
 * The finished upload named by a submission, checked and prepared exactly as a multipart video is
 * (its bytes, ffprobe, fast start, poster frame) into temporary objects. A video that cannot be used
 * removes the upload (sending it again would not help); the caller removes it once the post is saved.
 */
export async function takeFinishedVideo(ctx: AppContext, caller: Caller, id: string, identifier: unknown): Promise<ReceivedMedia> {
  const row = await ownUpload(ctx, caller, id);
  if (row.identifier !== identifier) throw notFound(UPLOAD_MESSAGES.gone);
  // One submission at a time uses an upload (a double tap on "Guardar" makes one post, not two).
  if (row.received !== row.length || !(await repo.claimUpload(ctx.db, id, row.length))) throw conflict(UPLOAD_MESSAGES.unfinished);
  try {
    return { kind: 'video', ...(await storeVideo(ctx.config.dataDir, ctx.media, piecesOf(ctx, row), () => false)) };
  } catch (err) {
    if (err instanceof AppError && (err.statusCode === 400 || err.statusCode === 413)) await removeUpload(ctx, id, 'unused');
    else await repo.releaseUpload(ctx.db, id, row.length);
    throw err;
  }
}

/** Removes a used upload, its reservation now the post's charge; a failure only leaves it to the sweep. */
export async function finishUpload(ctx: AppContext, id: string): Promise<void> {
  await removeUpload(ctx, id, 'used').catch((err: unknown) => ctx.log.warn({ err, upload: id }, 'Could not remove a used upload (the sweep will)'));
}

/**
 * Gives back an upload whose submission was refused (a limit, a full waiting list): it may be sent
 * again, and keeps its reservation until it is used or removed.
 */
export async function releaseUpload(ctx: AppContext, id: string): Promise<void> {
  const row = await repo.findUpload(ctx.db, id);
  if (row) await repo.releaseUpload(ctx.db, id, row.length);
}

/**
 * Removes uploads no longer usable at `now` (never finished, or finished and never sent) with their
 * pieces. One still claimed by a submission keeps its reservation as if used: its post may have been
 * saved before its removal failed, and a charge kept is the safe side of one given back wrongly.
 */
export async function sweepUploads(ctx: AppContext, now: Date): Promise<number> {
  const rows = await repo.uploadsCreatedBefore(ctx.db, nowIso(new Date(now.getTime() - RESUMABLE_UPLOADS.usableMs)));
  for (const row of rows) await removeUpload(ctx, row.id, row.received < 0 ? 'used' : 'unused');
  return rows.length;
}
