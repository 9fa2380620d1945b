// The back office's session (issue 15): kept in this tab's sessionStorage (gone when the tab
// closes; never shared with the owner's 'user' or the visitor's 'guest' keys), sent in the
// `operator` header. Only the back office's chunks import this file; the store is the staff
// realms' one (lib/staff/staff-session.ts).
import type { OperatorMe } from '@recuerdos/shared/admin-api-types';
import { createStaffSessionStore, type StaffSessionState } from '../staff/staff-session';

export const OPERATOR_STORAGE_KEY = 'operator';

/** `operator` is null between the password and the second factor. */
export type OperatorSession = StaffSessionState<'operator', OperatorMe>;

const store = createStaffSessionStore<'operator', OperatorMe>(OPERATOR_STORAGE_KEY, 'operator');

export const getOperatorSession = store.get;
export const setOperatorSession = store.set;
export const useOperatorSession = store.useSession;
