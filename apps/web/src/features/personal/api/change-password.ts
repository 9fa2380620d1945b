// POST /user/change-password {email, currentPassword, newPassword} (spec §7).
import { useMutation } from '@tanstack/react-query';
import { usersApi } from '../../../lib/api';

export interface ChangePasswordInput {
  email: string;
  currentPassword: string;
  newPassword: string;
}

export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return usersApi.post('/user/change-password', { ...input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
