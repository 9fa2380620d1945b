// POST /user/login (spec §7): data.user and data.token; a refusal carries the server's message.
// No TanStack Query hook: the form that sends it also runs in the light /login page's bundle
// (docs/decisions/015), which holds no query library; it keeps its own pending and error state.
import type { LoginData } from '@recuerdos/shared/api-types';
import type { z } from 'zod';
import type { loginSchema } from '@recuerdos/shared/user-schemas';
import { usersApi } from '../../../lib/api';

export type LoginRequest = z.output<typeof loginSchema>;

export function login(request: LoginRequest): Promise<LoginData> {
  return usersApi.post<LoginData>('/user/login', { email: request.email, password: request.password });
}
