// POST /user/login (spec §7): data.user and data.token; a refusal carries the server's message.
import { useMutation } from '@tanstack/react-query';
import type { LoginData } from '@recuerdos/shared/api-types';
import type { z } from 'zod';
import type { loginSchema } from '@recuerdos/shared/user-schemas';
import { usersApi } from '../../../lib/api';
import { signIn } from '../../../lib/session';

export type LoginRequest = z.output<typeof loginSchema>;

export function login(request: LoginRequest): Promise<LoginData> {
  return usersApi.post<LoginData>('/user/login', { email: request.email, password: request.password });
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: signIn });
}
