// Spec §7: the account frame's pending posts, banners and memorial list are asked again on every
// change of path (the first render fetches them anyway).
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useAccountUser } from './account-user';
import { accountKeys } from './keys';

export function useRefreshOnNavigation(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { identifier } = useAccountUser();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    for (const queryKey of [accountKeys.pendingPosts(identifier), accountKeys.disclaimers(identifier), accountKeys.persons()]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [pathname, identifier, queryClient]);
}
