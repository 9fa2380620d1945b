// POST /api/admin/auth/logout (issue 15 §1). The local session and everything the back office read
// go, whether or not the server still knew the session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../lib/operator/admin-api';
import { adminKeys } from '../../../lib/operator/keys';
import { setOperatorSession } from '../../../lib/operator/operator-session';

export function operatorLogout(): Promise<unknown> {
  return adminApi.post('/auth/logout');
}

export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: operatorLogout,
    onSettled: () => {
      setOperatorSession(null);
      queryClient.removeQueries({ queryKey: adminKeys.all });
    },
  });
}
