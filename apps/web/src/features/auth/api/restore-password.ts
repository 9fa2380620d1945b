// POST /user/restore-password: the spec's e-mail and password, plus the token of the e-mailed link
// (the server requires it, or anyone could reset any account).
import { useMutation } from '@tanstack/react-query';
import { usersApi } from '../../../lib/api';

export interface RestorePasswordRequest {
  email: string;
  password: string;
  token: string;
}

export function restorePassword(request: RestorePasswordRequest): Promise<unknown> {
  return usersApi.post('/user/restore-password', { email: request.email, password: request.password, token: request.token });
}

export function useRestorePassword() {
  return useMutation({ mutationFn: restorePassword });
}
