// The owner's side of access requests (issue 29 §2): GET /access-requests/list, and the answers
// POST /access-requests/approve | decline | block | unblock and /access-grants/revoke. The read has its
// request function, query options and hook; each answer refreshes the list it changes.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessRequestsData } from '@recuerdos/shared/access-requests';
import { contentApi } from '../../../lib/api';
import { useAccountUser } from '../../../lib/account/account-user';
import { accountKeys } from '../../../lib/account/keys';

export const accessRequestKeys = {
  list: (identifier: string) => [...accountKeys.memorial(identifier), 'access-requests'] as const,
};

export function getAccessRequests(identifier: string): Promise<AccessRequestsData> {
  return contentApi.get<AccessRequestsData>('/access-requests/list', { query: { identifier } });
}

export function accessRequestsQueryOptions(identifier: string) {
  return queryOptions({ queryKey: accessRequestKeys.list(identifier), queryFn: () => getAccessRequests(identifier) });
}

export function useAccessRequests() {
  const { identifier } = useAccountUser();
  return useQuery(accessRequestsQueryOptions(identifier));
}

export type AccessAnswer =
  | { action: 'approve'; request: number }
  | { action: 'decline'; request: number; notify: boolean }
  | { action: 'block'; request: number }
  | { action: 'unblock'; block: number }
  | { action: 'revoke'; grant: number };

const PATHS: Record<AccessAnswer['action'], string> = {
  approve: '/access-requests/approve',
  decline: '/access-requests/decline',
  block: '/access-requests/block',
  unblock: '/access-requests/unblock',
  revoke: '/access-grants/revoke',
};

/** Answers the server's sentence ('Listo. Le enviamos su enlace personal por correo'…). */
export async function answerAccess(identifier: string, { action, ...fields }: AccessAnswer): Promise<string> {
  const envelope = await contentApi.request<unknown>('POST', PATHS[action], { body: { identifier, ...fields }, json: true });
  return envelope.message;
}

export function useAnswerAccess() {
  const { identifier } = useAccountUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: AccessAnswer) => answerAccess(identifier, answer),
    // Also after a refusal: a request answered in another tab has gone from the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessRequestKeys.list(identifier) }),
  });
}
