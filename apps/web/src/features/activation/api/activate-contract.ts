// POST /contract/activate (spec §7). The link is single-use: the call runs once per link, even if
// the page mounts twice; after a lost connection (the server never saw it) 'Reintentar' runs it again.
import { ApiError } from '../../../lib/api-client';
import { usersApi } from '../../../lib/api';
import { once } from '../../../lib/once';

const lostConnection = (error: unknown) => error instanceof ApiError && !error.fromServer;

export function activateContract(contract: string, token: string): Promise<unknown> {
  return once(`activate:${contract}:${token}`, () => usersApi.post('/contract/activate', { contract, token }), lostConnection);
}
