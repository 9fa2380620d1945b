// POST /content/approve-message and /content/deny-message, JSON {identifier, date = reg} (spec §7).
// On success the post leaves the pending list (and the badge); an approved one joins the memorial;
// a toast says what happened (issue 28 §3: a denied memory is deleted, and the family should know).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../components/toast';
import { contentApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { reportFailure } from '../../../lib/failure';
import type { PendingItem } from '../../../lib/account/get-pending-posts';

export type Moderation = 'approve' | 'deny';

export function moderatePost(action: Moderation, identifier: string, reg: string): Promise<unknown> {
  return contentApi.post(`/content/${action}-message`, { identifier, date: reg }, { json: true });
}

export function useModeratePost(identifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reg }: { action: Moderation; reg: string; fullname: string }) => moderatePost(action, identifier, reg),
    onSuccess: (_data, { action, reg, fullname }) => {
      queryClient.setQueryData<PendingItem[]>(accountKeys.pendingPosts(identifier), (posts) => posts?.filter((post) => post.reg !== reg));
      if (action === 'approve') {
        void queryClient.invalidateQueries({ queryKey: accountKeys.guestPosts(identifier) });
        showToast('success', 'Recuerdo aprobado', `El recuerdo de ${fullname} ya se ve en el perfil.`);
      } else {
        showToast('success', 'Recuerdo rechazado', `El recuerdo de ${fullname} se eliminó y no se verá en el perfil.`);
      }
    },
    // Issue 14 §5 (spec §8 was silent): the buttons come back and the owner is told why.
    onError: (error, { action }) => reportFailure(action === 'approve' ? 'No pudimos aprobar el recuerdo' : 'No pudimos rechazar el recuerdo', error),
  });
}
