// The API client of spec §7: every call goes to one base ('/api'), sends multipart/form-data by
// default (JSON on request), asks for JSON, and carries the 'token' and 'guest' headers read fresh
// for each request. A reply whose `code` is not "200" is a failure carrying the server's message.
// Uploads that need a progress bar go through XMLHttpRequest (fetch cannot report upload progress).
import type { Envelope } from '@recuerdos/shared/api-types';

export const NETWORK_ERROR_MESSAGE = 'No pudimos conectarnos. Revisa tu conexión a internet e inténtalo de nuevo.';
export const UNEXPECTED_ERROR_MESSAGE = 'Ocurrió un problema inesperado. Inténtalo de nuevo en unos minutos.';
const ABORTED_MESSAGE = 'La solicitud fue cancelada.';

/** A failed call. `code` is the server's code ("400", "401"…), or 'network' / 'aborted'. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: string;

  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }

  /** True when the server answered (as opposed to a lost connection or a cancelled request). */
  get fromServer(): boolean {
    return this.code !== 'network' && this.code !== 'aborted';
  }
}

/** The server's message of a failure, or a gentle generic sentence for anything else. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

export type FormValue =
  | string
  | number
  | boolean
  | Blob
  | null
  | undefined
  | readonly unknown[]
  | { readonly [key: string]: unknown };

export type RequestBody = Readonly<Record<string, FormValue>>;

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100. */
  percent: number;
}

export interface RequestOptions {
  query?: Readonly<Record<string, string | number | undefined>>;
  body?: RequestBody;
  /** Send the body as JSON instead of multipart (spec §7: delete, approve and deny messages). */
  json?: boolean;
  signal?: AbortSignal;
  /** Report upload progress (pictures and videos); the request then uses XMLHttpRequest. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  baseUrl: string;
  /** Extra headers computed for every request (the session tokens). */
  headers?: () => Record<string, string>;
  fetch?: typeof fetch;
  createXhr?: () => XMLHttpRequest;
}

export interface ApiClient {
  /** The whole envelope of a successful reply; throws ApiError on failure. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<Envelope<T>>;
  /** `data` of a successful GET. */
  get<T>(path: string, options?: Omit<RequestOptions, 'body' | 'json' | 'onUploadProgress'>): Promise<T>;
  /** `data` of a successful POST. */
  post<T>(path: string, body?: RequestBody, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const base = baseUrl.replace(/\/+$/, '');
  const rel = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${rel}${search ? `?${search}` : ''}`;
}

function fileName(blob: Blob): string {
  if (typeof File !== 'undefined' && blob instanceof File && blob.name) return blob.name;
  if (blob.type === 'video/mp4') return 'video.mp4';
  if (blob.type === 'image/png') return 'image.png';
  return 'image.jpg';
}

/** Multipart body: strings as they are, numbers and booleans as text, files as files, lists and objects as JSON. */
export function toFormData(body: RequestBody): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (value instanceof Blob) form.append(key, value, fileName(value));
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  return form;
}

/** Reads a reply body: a success returns the envelope, anything else throws ApiError. */
export function parseEnvelope<T>(status: number, text: string): Envelope<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(UNEXPECTED_ERROR_MESSAGE, String(status || 500));
  }
  if (typeof parsed !== 'object' || parsed === null || !('code' in parsed)) {
    throw new ApiError(UNEXPECTED_ERROR_MESSAGE, String(status || 500));
  }
  const raw = parsed as { code: unknown; message?: unknown; data?: unknown };
  const code = String(raw.code);
  const message = typeof raw.message === 'string' ? raw.message : '';
  if (code !== '200') throw new ApiError(message || UNEXPECTED_ERROR_MESSAGE, code);
  return { code, message, data: (raw.data ?? {}) as T };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());

  function prepare(method: HttpMethod, path: string, opts: RequestOptions) {
    const url = buildUrl(options.baseUrl, path, opts.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.() };
    let body: FormData | string | undefined;
    if (method !== 'GET' && opts.body !== undefined) {
      if (opts.json) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(opts.body);
      } else {
        // The browser sets multipart/form-data with its boundary.
        body = toFormData(opts.body);
      }
    }
    return { url, headers, body };
  }

  async function viaFetch<T>(method: HttpMethod, path: string, opts: RequestOptions): Promise<Envelope<T>> {
    const { url, headers, body } = prepare(method, path, opts);
    let status: number;
    let text: string;
    try {
      const init: RequestInit = { method, headers, credentials: 'same-origin' };
      if (body !== undefined) init.body = body;
      if (opts.signal) init.signal = opts.signal;
      const response = await fetchImpl(url, init);
      status = response.status;
      text = await response.text();
    } catch {
      if (opts.signal?.aborted) throw new ApiError(ABORTED_MESSAGE, 'aborted');
      throw new ApiError(NETWORK_ERROR_MESSAGE, 'network');
    }
    return parseEnvelope<T>(status, text);
  }

  function viaXhr<T>(method: HttpMethod, path: string, opts: RequestOptions): Promise<Envelope<T>> {
    const { url, headers, body } = prepare(method, path, opts);
    return new Promise<Envelope<T>>((resolve, reject) => {
      if (opts.signal?.aborted) {
        reject(new ApiError(ABORTED_MESSAGE, 'aborted'));
        return;
      }
      const xhr = createXhr();
      xhr.open(method, url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      const report = opts.onUploadProgress;
      if (report) {
        xhr.upload.onprogress = (event) => {
          if (!event.lengthComputable || event.total === 0) return;
          report({ loaded: event.loaded, total: event.total, percent: Math.min(100, Math.round((event.loaded / event.total) * 100)) });
        };
      }
      xhr.onload = () => {
        try {
          resolve(parseEnvelope<T>(xhr.status, xhr.responseText));
        } catch (err) {
          reject(err instanceof Error ? err : new ApiError(UNEXPECTED_ERROR_MESSAGE, '500'));
        }
      };
      xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 'network'));
      xhr.onabort = () => reject(new ApiError(ABORTED_MESSAGE, 'aborted'));
      opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body ?? null);
    });
  }

  const request = <T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> =>
    opts.onUploadProgress ? viaXhr<T>(method, path, opts) : viaFetch<T>(method, path, opts);

  return {
    request,
    get: async <T>(path: string, opts: Omit<RequestOptions, 'body' | 'json' | 'onUploadProgress'> = {}) =>
      (await request<T>('GET', path, opts)).data,
    post: async <T>(path: string, body?: RequestBody, opts: Omit<RequestOptions, 'body'> = {}) =>
      (await request<T>('POST', path, body === undefined ? opts : { ...opts, body })).data,
  };
}
