// POST /user/forgot-password (spec §7): the server e-mails a link to /new-password?token=…
import { useMutation } from '@tanstack/react-query';
import { usersApi } from '../../../lib/api';

export function requestPasswordReset(email: string): Promise<unknown> {
  return usersApi.post('/user/forgot-password', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
