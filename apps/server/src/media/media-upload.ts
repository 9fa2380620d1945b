// Reads a form that may carry one picture or one video (spec §7: postPicture / postVideo, or the
// profile's picture). A picture is small and read into memory (it is re-encoded anyway); a video
// is checked as it streams and written straight to a temporary object in the media store.
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@recuerdos/shared/limits';
import { bufferStream, readUpload, type FileInfo } from '../http/upload';
import type { MediaStore, TempObject } from '../storage/media-store';
import { mp4Checked } from './video';

export type ReceivedMedia = { kind: 'picture'; buffer: Buffer } | { kind: 'video'; temp: TempObject };

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

async function receiveVideo(request: FastifyRequest, store: MediaStore, stream: FileStream): Promise<TempObject> {
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
    return await store.putTemp(Readable.from(mp4Checked(stream, () => overLimit || stream.truncated === true)), {
      maxBytes: LIMITS.videoMaxBytes,
      contentType: 'video/mp4',
    });
  } finally {
    request.raw.off('close', onClose);
  }
}

export async function readMediaUpload(request: FastifyRequest, store: MediaStore, names: MediaFields): Promise<MediaUpload> {
  const fileFields = names.video ? [names.picture, names.video] : [names.picture];
  const upload = await readUpload<ReceivedMedia>(request, {
    maxFileBytes: names.video ? LIMITS.videoMaxBytes : LIMITS.pictureMaxBytes,
    fileFields,
    receive: async (stream: Readable, info: FileInfo): Promise<ReceivedMedia> =>
      info.fieldname === names.video
        ? { kind: 'video', temp: await receiveVideo(request, store, stream) }
        : { kind: 'picture', buffer: await bufferStream(stream, LIMITS.pictureMaxBytes) },
    discard: async (result) => {
      if (result.kind === 'video') await store.discardTemp(result.temp.tempKey);
    },
  });
  const file = upload.file?.result ?? null;
  return {
    fields: upload.fields,
    file,
    discard: async () => {
      if (file?.kind === 'video') await store.discardTemp(file.temp.tempKey);
    },
  };
}
