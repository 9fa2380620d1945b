// The login form (spec §4, §5, §8): the spec's messages under each field on submit (and again as
// the visitor corrects them), the server's message under the form on refusal, a spinner while the
// call runs. Runs on React inside the SPA and on Preact as the only hydrated island of the
// server-rendered /login (docs/decisions/015), so it holds no form library and no router: the
// inputs are read from the form when it is sent (what a password manager filled in before the page
// was hydrated counts too), and what follows a login is the caller's `onSignedIn`.
import { useEffect, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/button';
import { EmailField, PasswordField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';
import { login } from '../api/login';
import { checkLogin, loginFieldError, type LoginErrors, type LoginField } from '../login-checks';

/** The element the doors' bundle hydrates this form in. */
export const LOGIN_FORM_ISLAND_ID = 'login-form';

// Fixed ids: the server numbers useId within the whole page, the island within itself.
const FIELD_IDS: Record<LoginField, string> = { email: 'login-email', password: 'login-password' };

function readForm(form: HTMLFormElement): Record<LoginField, string> {
  const data = new FormData(form);
  const text = (name: LoginField) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { email: text('email'), password: text('password') };
}

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server's markup keeps the button disabled until this form is live: a tap before that would
  // send the browser's own form submission, not the login call. An effect, not useSyncExternalStore's
  // server snapshot: Preact's hydration uses the client's value at once and keeps the server's
  // attribute, which would leave the button disabled for good.
  const [live, setLive] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- once, after hydration (see above)
  useEffect(() => setLive(true), []);

  const recheck = (field: LoginField) => (event: SyntheticEvent<HTMLInputElement>) => {
    if (!submitted) return;
    const message = loginFieldError(field, event.currentTarget.value);
    setErrors((current) => ({ ...current, [field]: message }));
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const { errors: found, request } = checkLogin(readForm(event.currentTarget));
    setErrors(found);
    if (!request) {
      const first = found.email ? 'email' : 'password';
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    setFailure(null);
    setPending(true);
    try {
      signIn(await login(request));
    } catch (err) {
      setFailure(errorMessage(err));
      setPending(false);
      return;
    }
    onSignedIn();
  };

  return (
    <form className="auth__form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <EmailField id={FIELD_IDS.email} name="email" label="Correo electrónico" error={errors.email} onInput={recheck('email')} />
      <PasswordField
        id={FIELD_IDS.password}
        name="password"
        label="Contraseña"
        autoComplete="current-password"
        error={errors.password}
        onInput={recheck('password')}
      />
      <Button type="submit" size="lg" block loading={pending} disabled={!live}>
        Ingresar
      </Button>
      {failure !== null ? <FormAlert tone="error">{failure}</FormAlert> : null}
    </form>
  );
}
