// /login inside the SPA: a successful login opens /account in place of /login (spec §4: replace).
import { useNavigate } from 'react-router';
import { LoginPage } from './login-page';

export function LoginRoute() {
  const navigate = useNavigate();
  return <LoginPage onSignedIn={() => void navigate('/account', { replace: true })} />;
}
