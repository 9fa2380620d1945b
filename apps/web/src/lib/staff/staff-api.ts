// A staff realm's API client (docs/decisions/033): the realm's base URL with its own header. A 401
// of a signed-in person (session expired, idle too long, ended elsewhere, a suspended partner)
// forgets the session, and the realm's pages go back to the sign-in. lib/operator and lib/partner
// each make one; only staff chunks import this file.
import { ApiError, createApiClient, type RequestBody } from '../api-client';

export interface StaffApiOptions {
  /** '/api/admin' */
  baseUrl: string;
  /** The request header of the realm's session token. */
  header: string;
  token: () => string | null;
  /** Whether a complete sign-in is stored (a 401 then means it ended). */
  signedIn: () => boolean;
  forget: () => void;
  /** POST bodies as JSON (lists, true/false) rather than form fields. */
  json: boolean;
}

export function createStaffApi(options: StaffApiOptions) {
  const headers = (): Record<string, string> => {
    const token = options.token();
    return token ? { [options.header]: token } : {};
  };
  const client = createApiClient({ baseUrl: options.baseUrl, headers });

  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ApiError && err.code === '401' && options.signedIn()) options.forget();
      throw err;
    }
  }

  const api = {
    get: <T>(path: string, query?: Record<string, string | number | undefined>) => guarded(() => client.get<T>(path, query ? { query } : {})),
    post: <T>(path: string, body: RequestBody = {}) => guarded(async () => (await client.request<T>('POST', path, { body, json: options.json })).data),
    /** The whole envelope (for the server's success message). */
    send: <T>(path: string, body: RequestBody = {}) => guarded(() => client.request<T>('POST', path, { body, json: options.json })),
    /** A multipart form (a file with the fields), the whole envelope. */
    sendForm: <T>(path: string, body: RequestBody) => guarded(() => client.request<T>('POST', path, { body })),
  };

  /** Downloads a file the realm produces (CSV, PDF): fetched with the header, saved from a blob. */
  async function download(path: string, filename: string): Promise<void> {
    const response = await fetch(`${options.baseUrl}${path}`, { headers: headers() });
    if (!response.ok) {
      let message = 'No pudimos descargar el archivo. Inténtalo de nuevo.';
      try {
        message = ((await response.json()) as { message?: string }).message ?? message;
      } catch {
        // Not JSON: keep the generic sentence.
      }
      if (response.status === 401) options.forget();
      throw new ApiError(message, String(response.status));
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return { api, download };
}
