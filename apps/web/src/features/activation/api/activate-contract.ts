// POST /contract/activate (spec §7). The link is single-use: the call runs once per link, even if
// the page mounts twice.
import { usersApi } from '../../../lib/api';
import { once } from '../../../lib/once';

export function activateContract(contract: string, token: string): Promise<unknown> {
  return once(`activate:${contract}:${token}`, () => usersApi.post('/contract/activate', { contract, token }));
}
