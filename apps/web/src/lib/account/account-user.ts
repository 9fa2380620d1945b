// The signed-in account holder inside /account (the route guard guarantees one).
import { useUserSession, type AccountUser } from '../session';

export function useAccountUser(): AccountUser {
  const { user } = useUserSession();
  if (!user) throw new Error('useAccountUser outside the account area');
  return user;
}
