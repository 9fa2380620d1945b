// The partner area's API client: /api/partner with the `partner` header. A 401 (session expired,
// idle too long, partner suspended) forgets the session and the pages go back to the sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, createApiClient, type RequestBody } from '../api-client';
import { partnerKeys } from './keys';
import { getPartnerSession, setPartnerSession } from './partner-session';

const client = createApiClient({
  baseUrl: '/api/partner',
  headers: (): Record<string, string> => {
    const session = getPartnerSession();
    return session ? { partner: session.token } : {};
  },
});

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.code === '401' && getPartnerSession()?.user) setPartnerSession(null);
    throw err;
  }
}

export const partnerApi = {
  get: <T>(path: string, query?: Record<string, string | number | undefined>) => guarded(() => client.get<T>(path, query ? { query } : {})),
  // JSON bodies: the sale carries a list of rites and true/false answers.
  post: <T>(path: string, body: RequestBody = {}) => guarded(async () => (await client.request<T>('POST', path, { body, json: true })).data),
  /** The whole envelope (for the server's success message). */
  send: <T>(path: string, body: RequestBody = {}) => guarded(() => client.request<T>('POST', path, { body, json: true })),
  /** A multipart form (a file with the fields), the whole envelope. */
  sendForm: <T>(path: string, body: RequestBody) => guarded(() => client.request<T>('POST', path, { body })),
};

/** Signs out: the server's session ends, and nothing of this person's lists stays in the cache. */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void partnerApi.post('/auth/logout').catch(() => undefined);
    setPartnerSession(null);
    queryClient.removeQueries({ queryKey: partnerKeys.all });
  };
}

/** Downloads a PDF of the print kit: fetched with the header, saved from a blob. */
export async function downloadPartnerFile(path: string, filename: string): Promise<void> {
  const session = getPartnerSession();
  const response = await fetch(`/api/partner${path}`, { headers: session ? { partner: session.token } : {} });
  if (!response.ok) {
    let message = 'No pudimos descargar el archivo. Inténtalo de nuevo.';
    try {
      message = ((await response.json()) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: keep the generic sentence.
    }
    if (response.status === 401) setPartnerSession(null);
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
