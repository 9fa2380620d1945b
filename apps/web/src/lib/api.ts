// The two client instances of spec §7 (one for users; one for guests and content), on one base.
import { createApiClient } from './api-client';
import { authHeaders } from './session-storage';

export const API_BASE = '/api';

/** Accounts, sessions, passwords, contracts, complaints. */
export const usersApi = createApiClient({ baseUrl: API_BASE, headers: authHeaders });

/** Memorials, gifts, posts and guest access. */
export const contentApi = createApiClient({ baseUrl: API_BASE, headers: authHeaders });
