// The back office's API client: /api/admin with the `operator` header. A 401 (session expired,
// idle too long, ended by a password change elsewhere) forgets the session, and the layout goes
// back to the login. The client is the staff realms' one (lib/staff/staff-api.ts).
import { createStaffApi } from '../staff/staff-api';
import { getOperatorSession, setOperatorSession } from './operator-session';

const staff = createStaffApi({
  baseUrl: '/api/admin',
  header: 'operator',
  token: () => getOperatorSession()?.token ?? null,
  signedIn: () => Boolean(getOperatorSession()?.operator),
  forget: () => setOperatorSession(null),
  json: false,
});

export const adminApi = staff.api;

/** Downloads a file the back office produces (CSV, PDF): fetched with the header, saved from a blob. */
export const downloadAdminFile = staff.download;

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
