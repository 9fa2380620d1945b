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
import { mp4Checked } from './video';
import { prepareVideo, scratchFolder } from './video-processing';

export type ReceivedMedia = { kind: 'picture'; buffer: Buffer } | { kind: 'video'; temp: TempObject; poster: TempObject };

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
 * Checks a video's bytes as they arrive into a scratch file, prepares it there (readable, index at
 * the front, a poster frame) and writes it and its poster as temporary objects of the store. Used
 * by a multipart upload and by a finished resumable upload alike.
 */
export async function storeVideo(
  dataDir: string,
  store: MediaStore,
  source: AsyncIterable<Buffer>,
  overLimit: () => boolean,
): Promise<{ temp: TempObject; poster: TempObject }> {
  const scratch = await scratchFolder(dataDir);
  try {
    const received = path.join(scratch, 'upload.mp4');
    await pipeline(Readable.from(mp4Checked(source, overLimit)), fs.createWriteStream(received));
    const prepared = await prepareVideo(received, scratch);
    const temp = await store.putTemp(fs.createReadStream(prepared.file), { maxBytes: LIMITS.videoMaxBytes, contentType: 'video/mp4' });
    try {
      return { temp, poster: await store.putTemp(prepared.poster, { contentType: 'image/jpeg' }) };
    } catch (err) {
      await store.discardTemp(temp.tempKey);
      throw err;
    }
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

async function receiveVideo(request: FastifyRequest, store: MediaStore, stream: FileStream): Promise<{ temp: TempObject; poster: TempObject }> {
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
  await store.discardTemp(media.poster.tempKey);
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
