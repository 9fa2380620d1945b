// The partner area's session (issue 30): this tab's sessionStorage, apart from the owner's 'user',
// the visitor's 'guest' and the operator's 'operator', sent in the `partner` header. Only the
// partner area's chunks import this file; the store is the staff realms' one (lib/staff/staff-session.ts).
import type { PartnerMe } from '@recuerdos/shared/partner-api-types';
import { createStaffSessionStore, type StaffSessionState } from '../staff/staff-session';

export const PARTNER_STORAGE_KEY = 'partner';

/** `user` is null between an admin's password and the second factor. */
export type PartnerSessionState = StaffSessionState<'user', PartnerMe>;

const store = createStaffSessionStore<'user', PartnerMe>(PARTNER_STORAGE_KEY, 'user');

export const getPartnerSession = store.get;
export const setPartnerSession = store.set;
export const usePartnerSession = store.useSession;
