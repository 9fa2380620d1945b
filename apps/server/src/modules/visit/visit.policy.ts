// Whose page loads count as visits, and who may read the count (issue 29 §4). The family's own
// visits are not visits: an owner's session never counts. A private memorial counts only the
// visitors who saw it, that is with its code (a guest session). Not counting is not a refusal: the
// beacon gets the same answer either way (visit.service.ts).
import type { Permission } from '../../auth/permissions';

export const VISIT_POLICY = {
  //          owner          guest of it     anyone else
  count: { owner: 'never',  guest: 'always', visitor: 'if public' },
  read:  { owner: 'always', guest: 'never',  visitor: 'never' },
} as const satisfies Record<string, Permission>;
