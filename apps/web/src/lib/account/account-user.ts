// The signed-in account holder inside /account (the route guard guarantees one).
import { useUserSession, type UserSession } from '../session';

export function useAccountUser(): UserSession {
  const { user } = useUserSession();
  if (!user) throw new Error('useAccountUser outside the account area');
  return user;
}
