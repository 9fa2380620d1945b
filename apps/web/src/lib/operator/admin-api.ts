// The back office's API client: /api/admin with the `operator` header. A 401 (session expired,
// idle too long, ended by a password change elsewhere) forgets the session, and the layout goes
// back to the login.
import { ApiError, createApiClient, type RequestBody } from '../api-client';
import { getOperatorSession, setOperatorSession } from './operator-session';

const client = createApiClient({
  baseUrl: '/api/admin',
  headers: (): Record<string, string> => {
    const session = getOperatorSession();
    return session ? { operator: session.token } : {};
  },
});

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.code === '401' && getOperatorSession()?.operator) setOperatorSession(null);
    throw err;
  }
}

export const adminApi = {
  get: <T>(path: string, query?: Record<string, string | number | undefined>) => guarded(() => client.get<T>(path, query ? { query } : {})),
  post: <T>(path: string, body: RequestBody = {}) => guarded(() => client.post<T>(path, body)),
  /** The whole envelope (for the server's success message). */
  send: <T>(path: string, body: RequestBody = {}) => guarded(() => client.request<T>('POST', path, { body })),
};

/** Downloads a file the back office produces (CSV, PDF): fetched with the header, saved from a blob. */
export async function downloadAdminFile(path: string, filename: string): Promise<void> {
  const session = getOperatorSession();
  const response = await fetch(`/api/admin${path}`, { headers: session ? { operator: session.token } : {} });
  if (!response.ok) {
    let message = 'No pudimos descargar el archivo. Inténtalo de nuevo.';
    try {
      message = ((await response.json()) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: keep the generic sentence.
    }
    if (response.status === 401) setOperatorSession(null);
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

/** 'dd/mm/aaaa' of 'YYYY-MM-DD'. */
export function shortDate(isoDate: string | null): string {
  if (!isoDate) return '—';
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

/** 'dd/mm/aaaa HH:mm' in Lima of an ISO timestamp. */
export function dateTime(iso: string | null): string {
  if (!iso) return '—';
  const parts = new Intl.DateTimeFormat('es-PE', {
    timeZone: 'America/Lima',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}
