// Resumable video uploads (issue 13 §4; docs/decisions/020-resumable-uploads.md). A video of up to
// 50 MB is sent in pieces over the tus protocol: created with its length, appended to from the
// offset the server reports, and, once complete, named in the submission (`upload`), which checks
// and stores it exactly as a multipart video. The upload is a database row and its pieces are
// temporary objects of the media store, so any instance continues any upload; an upload never
// finished is swept with the other temporary uploads.
import { randomBytes } from 'node:crypto';
import { LIMITS } from '@recuerdos/shared/limits';
import { MESSAGES } from '@recuerdos/shared/fields';
import type { AppContext } from '../../context';
import type { Caller } from '../../auth/memorial-access';
import { nowIso } from '../../db/database';
import { AppError, badRequest, conflict, notFound, tooLarge } from '../../http/errors';
import { storeVideo, type ReceivedMedia } from '../../media/media-upload';
import { reserveAll } from '../../security/attempt-guard';
import { mayUploadVideo, uploaderOf } from '../content/content.service';
import * as repo from './uploads.repository';

export const UPLOAD_MESSAGES = {
  gone: 'Esta subida ya no está disponible. Vuelve a enviar el video',
  wrongOffset: 'La subida del video no continuaba donde se había quedado. Vuelve a intentarlo',
  unfinished: 'El video aún no terminó de subirse. Vuelve a intentarlo',
  lengthRequired: 'Indica el tamaño del video que vas a subir',
  overLength: 'Llegaron más datos que el tamaño anunciado del video',
  tooMany: 'Empezaste a subir muchos videos en poco tiempo. Inténtalo de nuevo más tarde',
  bothFiles: 'Envía el video como archivo o como subida, no de las dos formas',
} as const;

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
  if (input.length > LIMITS.videoMaxBytes) throw tooLarge(MESSAGES.videoTooLarge);
  const { memorial, uploader } = await mayUploadVideo(ctx, caller, input.identifier, input.length);
  await reserveAll(ctx.limiter, [{ key: `resumable-upload:${caller.ip}`, cap: RESUMABLE_UPLOADS.perAddress, message: UPLOAD_MESSAGES.tooMany }]);
  const id = randomBytes(16).toString('base64url');
  const createdAt = nowIso(ctx.now());
  await repo.insertUpload(ctx.db, { id, memorialId: memorial.id, uploader, length: input.length, createdAt });
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

async function removeUpload(ctx: AppContext, id: string): Promise<void> {
  const keys = await repo.deleteUpload(ctx.db, id);
  const results = await Promise.allSettled(keys.map((key) => ctx.media.discardTemp(key)));
  for (const result of results) {
    if (result.status === 'rejected') ctx.log.warn({ err: result.reason as unknown, upload: id }, 'Could not remove a piece of an upload (the sweep will)');
  }
}

export async function deleteUpload(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await ownUpload(ctx, caller, id);
  await removeUpload(ctx, id);
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
    if (err instanceof AppError && (err.statusCode === 400 || err.statusCode === 413)) await removeUpload(ctx, id);
    else await repo.releaseUpload(ctx.db, id, row.length);
    throw err;
  }
}

/** Removes a used upload; a failure only leaves it to the sweep. */
export async function finishUpload(ctx: AppContext, id: string): Promise<void> {
  await removeUpload(ctx, id).catch((err: unknown) => ctx.log.warn({ err, upload: id }, 'Could not remove a used upload (the sweep will)'));
}

/** Gives back an upload whose submission was refused (a limit, a full waiting list): it may be sent again. */
export async function releaseUpload(ctx: AppContext, id: string): Promise<void> {
  const row = await repo.findUpload(ctx.db, id);
  if (row) await repo.releaseUpload(ctx.db, id, row.length);
}

/** Removes uploads no longer usable at `now` (never finished, or finished and never sent) with their pieces. */
export async function sweepUploads(ctx: AppContext, now: Date): Promise<number> {
  const ids = await repo.uploadsCreatedBefore(ctx.db, nowIso(new Date(now.getTime() - RESUMABLE_UPLOADS.usableMs)));
  for (const id of ids) await removeUpload(ctx, id);
  return ids.length;
}
