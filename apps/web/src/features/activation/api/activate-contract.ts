// POST /contract/activate (spec §7). The link is single-use: the call runs once per link, even if
// the page mounts twice; after a lost connection (the server never saw it) 'Reintentar' runs it again.
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { usersApi } from '../../../lib/api';
import { once } from '../../../lib/once';

const lostConnection = (error: unknown) => error instanceof ApiError && !error.fromServer;

export interface ActivationLink {
  contract: string;
  token: string;
}

export function activateContract(contract: string, token: string): Promise<unknown> {
  return once(`activate:${contract}:${token}`, () => usersApi.post('/contract/activate', { contract, token }), lostConnection);
}

/** Nothing cached depends on it: the visitor is not signed in yet. */
export function useActivateContract() {
  return useMutation({ mutationFn: ({ contract, token }: ActivationLink) => activateContract(contract, token) });
}
