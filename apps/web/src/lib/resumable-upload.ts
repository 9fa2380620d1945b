// A small tus 1.0 client (docs/decisions/020-resumable-uploads.md): sends a video to /api/uploads in
// PATCH requests of a few MB through XMLHttpRequest (upload progress), and when the connection
// drops asks the server how much arrived (HEAD) and goes on from there — a few times on its own,
// then again each time `send()` is called (the "Reintentar" button). Ours rather than
// tus-js-client (≈ 20 KB gzip): the guest page is the lightest door, and this is about 1 KB.
import { ApiError, NETWORK_ERROR_MESSAGE, parseEnvelope } from './api-client';

export const UPLOADS_ENDPOINT = '/api/uploads';

export interface ResumableUploadOptions {
  file: Blob;
  /** Upload-Metadata (the memorial's identifier, the file's name). */
  metadata: Record<string, string>;
  /** Headers of every request (the session tokens), read fresh each time. */
  headers?: () => Record<string, string>;
  endpoint?: string;
  /** Bytes per PATCH request. */
  chunkBytes?: number;
  /** Waits before each automatic retry after a network failure; then `send()` rejects. */
  retryDelays?: readonly number[];
  createXhr?: () => XMLHttpRequest;
}

export interface ResumableUpload {
  /** Sends what the server does not have yet; resolves to the upload's id once it has it all. */
  send(onProgress?: (percent: number) => void): Promise<string>;
  /** The upload's address once created (it resumes from there). */
  readonly url: string | null;
  /**
   * Given up (another file chosen, the form closed after a failure): asks the server to delete what
   * it holds now rather than at its sweep. Best effort; the next send starts a new upload.
   */
  abandon(): void;
}

interface Reply {
  status: number;
  header(name: string): string | null;
  text: string;
}

class NetworkFailure extends Error {}

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createResumableUpload(options: ResumableUploadOptions): ResumableUpload {
  const { file, endpoint = UPLOADS_ENDPOINT, chunkBytes = 5 * 1024 * 1024, retryDelays = [0, 1000, 3000, 6000] } = options;
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  let url: string | null = null;

  const request = (method: string, to: string, headers: Record<string, string>, body?: Blob, onSent?: (bytes: number) => void) =>
    new Promise<Reply>((resolve, reject) => {
      const xhr = createXhr();
      xhr.open(method, to);
      for (const [name, value] of Object.entries({ ...options.headers?.(), 'Tus-Resumable': '1.0.0', ...headers })) xhr.setRequestHeader(name, value);
      if (onSent) xhr.upload.onprogress = (event) => onSent(event.loaded);
      xhr.onload = () => resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), text: xhr.responseText });
      xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new NetworkFailure());
      xhr.send(body ?? null);
    });

  /** The server's refusal as the API client says it (its Spanish message and code). */
  const refused = (reply: Reply): never => {
    parseEnvelope(reply.status, reply.text);
    throw new ApiError(NETWORK_ERROR_MESSAGE, String(reply.status));
  };

  const create = async (): Promise<string> => {
    const metadata = Object.entries(options.metadata)
      .map(([key, value]) => `${key} ${base64(value)}`)
      .join(',');
    const reply = await request('POST', endpoint, { 'Upload-Length': String(file.size), 'Upload-Metadata': metadata });
    const location = reply.status === 201 ? reply.header('Location') : null;
    if (!location) return refused(reply);
    return new URL(location, window.location.href).href;
  };

  /** How much the server has; null when the upload is gone (expired, swept) and must start again. */
  const offsetOf = async (at: string): Promise<number | null> => {
    const reply = await request('HEAD', at, {});
    if (reply.status === 404 || reply.status === 410) return null;
    const offset = Number(reply.header('Upload-Offset'));
    if (reply.status !== 200 || !Number.isFinite(offset)) return refused(reply);
    return offset;
  };

  const send = async (onProgress?: (percent: number) => void): Promise<string> => {
    const report = (bytes: number) => onProgress?.(file.size ? Math.min(100, Math.floor((bytes / file.size) * 100)) : 100);
    let failures = 0;
    let offset: number | null = null;
    for (;;) {
      try {
        let at = url;
        if (offset === null) {
          offset = at ? await offsetOf(at) : null;
          if (offset === null || !at) {
            at = url = await create();
            offset = 0;
          }
          report(offset);
        }
        if (!at) continue;
        if (offset >= file.size) return at.slice(at.lastIndexOf('/') + 1);
        const start: number = offset;
        const reply = await request(
          'PATCH',
          at,
          { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(start) },
          file.slice(start, Math.min(file.size, start + chunkBytes)),
          (sent) => report(start + sent),
        );
        if (reply.status === 204) {
          offset = Number(reply.header('Upload-Offset'));
          failures = 0;
        } else if (reply.status === 409 || reply.status === 404 || reply.status === 410) {
          // Out of step (ask again), or gone (start over).
          offset = null;
          if (reply.status !== 409) url = null;
        } else {
          refused(reply);
        }
      } catch (err) {
        if (!(err instanceof NetworkFailure)) throw err;
        const delay = retryDelays[failures];
        failures += 1;
        if (delay === undefined) throw new ApiError(NETWORK_ERROR_MESSAGE, 'network');
        await wait(delay);
        offset = null;
      }
    }
  };

  const abandon = () => {
    if (!url) return;
    const at = url;
    url = null;
    request('DELETE', at, {}).catch(() => undefined);
  };

  return {
    send,
    abandon,
    get url() {
      return url;
    },
  };
}
