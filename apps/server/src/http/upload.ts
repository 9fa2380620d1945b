// Reads a multipart request with at most one file, streaming the file into `receive` (a buffer for
// pictures, a temporary object in the media store for videos). A file over the route's limit is
// refused with 413 and whatever `receive` produced is discarded: @fastify/multipart would otherwise
// cut it silently at the limit (file.truncated).
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { BODY_LIMITS, expandBrackets } from '../plugins/body';
import { AppError, MESSAGES_HTTP, withoutNul } from './errors';

export interface FileInfo {
  fieldname: string;
  filename: string;
  mimetype: string;
}

export interface ReceivedFile<T> extends FileInfo {
  result: T;
}

export interface UploadOptions<T> {
  maxFileBytes: number;
  /** Spanish message for a file over the limit (413). */
  tooLargeMessage?: string;
  /** File field names accepted; any other file is refused. Default: any. */
  fileFields?: string[];
  receive?: (stream: Readable, info: FileInfo) => Promise<T>;
  /** Undoes `receive` when the upload is refused afterwards. */
  discard?: (result: T) => Promise<void>;
}

export interface Upload<T> {
  fields: Record<string, unknown>;
  file: ReceivedFile<T> | null;
}

/** Collects a stream into memory, refusing more than `maxBytes` (pictures only: they are small). */
export async function bufferStream(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > maxBytes) {
      stream.resume();
      throw new AppError(413, MESSAGES_HTTP.tooLarge);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

export async function readUpload<T = { buffer: Buffer }>(request: FastifyRequest, options: UploadOptions<T>): Promise<Upload<T>> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, file: null };
  }
  const receive =
    options.receive ??
    (async (stream: Readable) => ({ buffer: await bufferStream(stream, options.maxFileBytes) }) as T);
  const tooLarge = () => new AppError(413, options.tooLargeMessage ?? MESSAGES_HTTP.tooLarge);
  const fields: Record<string, unknown> = {};
  let file: ReceivedFile<T> | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: Math.min(options.maxFileBytes, BODY_LIMITS.fileBytes), files: 1 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, MESSAGES_HTTP.tooLarge);
        fields[withoutNul(part.fieldname)] = withoutNul(typeof part.value === 'string' ? part.value : String(part.value));
        continue;
      }
      if (file || (options.fileFields && !options.fileFields.includes(part.fieldname))) {
        part.file.resume();
        throw new AppError(400, MESSAGES_HTTP.filesNotAllowed);
      }
      const info: FileInfo = { fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype };
      let result: T;
      try {
        result = await receive(part.file, info);
      } catch (err) {
        part.file.resume();
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      }
      file = { ...info, result };
      if (part.file.truncated) throw tooLarge();
    }
  } catch (err) {
    if (file && options.discard) await options.discard(file.result).catch(() => undefined);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (err instanceof AppError && err.statusCode === 413 && options.tooLargeMessage) throw tooLarge();
    throw err;
  }
  return { fields: expandBrackets(fields), file };
}
