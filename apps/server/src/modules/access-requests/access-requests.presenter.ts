// The owner's list of requests, people with access and blocked addresses (issue 29 §2).
import type { AccessRequestsData } from '@recuerdos/shared/access-requests';
import type { blocksOf, grantsOf, waitingRequests } from './access-requests.repository';

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

export function presentAccessRequests(
  requests: Rows<typeof waitingRequests>,
  grants: Rows<typeof grantsOf>,
  blocked: Rows<typeof blocksOf>,
): AccessRequestsData {
  return {
    requests: requests.map((r) => ({ id: r.id, name: r.name, email: r.email, message: r.message, date: r.createdAt })),
    grants: grants.map((g) => ({ id: g.id, name: g.name, email: g.email, date: g.createdAt, lastOpened: g.lastOpenedAt })),
    blocked: blocked.map((b) => ({ id: b.id, email: b.email })),
  };
}
