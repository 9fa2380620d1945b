// The partner area's API client: /api/partner with the `partner` header. A 401 (session expired,
// idle too long, partner suspended) forgets the session and the pages go back to the sign-in. The
// client is the staff realms' one (lib/staff/staff-api.ts).
import { useQueryClient } from '@tanstack/react-query';
import { createStaffApi } from '../staff/staff-api';
import { partnerKeys } from './keys';
import { getPartnerSession, setPartnerSession } from './partner-session';

const staff = createStaffApi({
  baseUrl: '/api/partner',
  header: 'partner',
  token: () => getPartnerSession()?.token ?? null,
  signedIn: () => Boolean(getPartnerSession()?.user),
  forget: () => setPartnerSession(null),
  // JSON bodies: the sale carries a list of rites and true/false answers.
  json: true,
});

export const partnerApi = staff.api;

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
export const downloadPartnerFile = staff.download;
