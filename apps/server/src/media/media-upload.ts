// Reads a form that may carry one picture or one video (spec §7: postPicture / postVideo, or the
// profile's picture). A picture is small and read into memory (it is re-encoded anyway); a video
// is checked as it streams into a scratch file, prepared there (readable, index at the front, a
// poster frame; video-processing.ts), and written with its poster to temporary objects of the store.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@recuerdos/shared/limits';
import { bufferStream, readUpload, type FileInfo } from '../http/upload';
import type { MediaStore, TempObject } from '../storage/media-store';
import { sizeChecked } from './video';
import { receiveVideoFile, scratchFolder } from './video-processing';

/** A video received: stored as it will be served with its poster, or its original with `duration` to convert. */
export interface ReceivedVideo {
  temp: TempObject;
  poster: TempObject | null;
  duration: number;
}

export type ReceivedMedia = { kind: 'picture'; buffer: Buffer } | ({ kind: 'video' } & ReceivedVideo);

export interface MediaUpload {
  fields: Record<string, unknown>;
  file: ReceivedMedia | null;
  /** Removes the temporary video, if any. Safe to call more than once. */
  discard(): Promise<void>;
}

export interface MediaFields {
  picture: string;
  video?: string;
}

/** The busboy file stream: `truncated` and a 'limit' event when the size limit cut it. */
type FileStream = Readable & { truncated?: boolean };

/**
 * Receives a video's bytes into a scratch file (within the size limit), checks there what ffprobe
 * and ffmpeg read in them, and writes it as a temporary object of the store: with its index at the
 * front and a poster when it already plays everywhere, as it came when it is to be converted. Used
 * by a multipart upload and by a finished resumable upload alike.
 */
export async function storeVideo(
  dataDir: string,
  store: MediaStore,
  source: AsyncIterable<Buffer>,
  overLimit: () => boolean,
): Promise<ReceivedVideo> {
  const scratch = await scratchFolder(dataDir);
  try {
    const received = path.join(scratch, 'upload');
    await pipeline(Readable.from(sizeChecked(source, overLimit)), fs.createWriteStream(received));
    const prepared = await receiveVideoFile(received, scratch);
    if (!('poster' in prepared)) {
      const original = await store.putTemp(fs.createReadStream(prepared.file), { maxBytes: LIMITS.ownerVideoMaxBytes });
      return { temp: original, poster: null, duration: prepared.probe.duration };
    }
    const temp = await store.putTemp(fs.createReadStream(prepared.file), { maxBytes: LIMITS.ownerVideoMaxBytes, contentType: 'video/mp4' });
    try {
      return { temp, poster: await store.putTemp(prepared.poster, { contentType: 'image/jpeg' }), duration: 0 };
    } catch (err) {
      await store.discardTemp(temp.tempKey);
      throw err;
    }
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

async function receiveVideo(request: FastifyRequest, store: MediaStore, stream: FileStream): Promise<ReceivedVideo> {
  let overLimit = false;
  stream.once('limit', () => {
    overLimit = true;
  });
  // A client that hangs up mid-upload must end the write (and so its cleanup), not leave it waiting.
  const onClose = () => {
    // 'close' also follows a complete body; only a body cut short (readableAborted) aborts the write.
    if (request.raw.readableAborted && !stream.readableEnded) stream.destroy(new Error('Upload aborted by the client'));
  };
  request.raw.once('close', onClose);
  try {
    return await storeVideo(request.server.ctx.config.dataDir, store, stream, () => overLimit || stream.truncated === true);
  } finally {
    request.raw.off('close', onClose);
  }
}

async function discardVideo(store: MediaStore, media: ReceivedMedia | null): Promise<void> {
  if (media?.kind !== 'video') return;
  await store.discardTemp(media.temp.tempKey);
  if (media.poster) await store.discardTemp(media.poster.tempKey);
}

/** The same form with its file replaced by `file` (a resumable upload's video, prepared). */
export function withFile(upload: MediaUpload, store: MediaStore, file: ReceivedMedia): MediaUpload {
  return { fields: upload.fields, file, discard: () => discardVideo(store, file) };
}

export async function readMediaUpload(request: FastifyRequest, store: MediaStore, names: MediaFields): Promise<MediaUpload> {
  const fileFields = names.video ? [names.picture, names.video] : [names.picture];
  const upload = await readUpload<ReceivedMedia>(request, {
    maxFileBytes: names.video ? LIMITS.videoMaxBytes : LIMITS.pictureMaxBytes,
    fileFields,
    receive: async (stream: Readable, info: FileInfo): Promise<ReceivedMedia> =>
      info.fieldname === names.video
        ? { kind: 'video', ...(await receiveVideo(request, store, stream)) }
        : { kind: 'picture', buffer: await bufferStream(stream, LIMITS.pictureMaxBytes) },
    discard: (result) => discardVideo(store, result),
  });
  const file = upload.file?.result ?? null;
  return {
    fields: upload.fields,
    file,
    discard: () => discardVideo(store, file),
  };
}
