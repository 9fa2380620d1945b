// The access-code screen of a private memorial (spec §2, §5): one field, 'Ingresa el código de
// acceso' when empty, at most 15 characters; the server's refusal in red (spec §8). Checked with
// the shared messages and limits, without zod, and drawn with the field styles but not the shared
// TextField (which brings the form library along), to keep the first-paint bundle small. The
// server draws it and the script arrives after the first paint (docs/decisions/021): what a visitor
// types before is read from the field itself, and "Ingresar" waits until the form is live (a tap or
// Enter before would send the browser's own form, the code in the address and the id lost).
import { Suspense, lazy, useEffect, useId, useState, type SyntheticEvent } from 'react';
import { MESSAGES } from '@recuerdos/shared/messages';
import { LIMITS } from '@recuerdos/shared/limits';
import { Button } from '../../../components/button';
import '../../../components/field.css';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { setGuestToken } from '../../../lib/session';
import { guestLogin } from '../api/guest-login';

// Loaded only when a visitor without the code opens it (issue 29 §1).
const AskFamilyDialog = lazy(() => import('./ask-family-dialog').then((m) => ({ default: m.AskFamilyDialog })));

/** The code as the server compares it: whitespace is never part of a code (shared accessCodeField). */
export function accessCodeProblem(raw: string): string | null {
  const code = raw.replace(/\s+/g, '');
  if (!code) return MESSAGES.accessCodeRequired;
  if (code.length > LIMITS.accessCodeMax) return MESSAGES.accessCodeMax;
  return null;
}

interface AccessCodeFormProps {
  identifier: string;
  fullname: string;
  /** The code was right: the guest token is stored; the page loads the content. */
  onEntered: () => void;
  /** Why the visitor is here after all (a personal link that no longer opens the memorial). */
  notice?: string | null;
}

export function AccessCodeForm({ identifier, fullname, onEntered, notice = null }: AccessCodeFormProps) {
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(notice);
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // An effect, as the login form's: Preact's hydration keeps the server's `disabled` otherwise.
  const [live, setLive] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- once, after hydration (see above)
  useEffect(() => setLive(true), []);
  const id = useId();

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('accessCode');
    const code = typeof typed === 'string' ? typed : '';
    const problem = accessCodeProblem(code);
    setFieldError(problem);
    setServerError(null);
    if (problem) return;
    setSending(true);
    try {
      const { token } = await guestLogin(identifier, code.replace(/\s+/g, ''));
      setGuestToken(token);
      onEntered();
    } catch (err) {
      setServerError(errorMessage(err));
      setSending(false);
    }
  };

  return (
    <section className="guest-gate" aria-labelledby="guest-gate-title">
      <p className="guest-gate__eyebrow">Memorial privado</p>
      <h1 id="guest-gate-title" className="guest-gate__title">
        {fullname ? `En memoria de ${fullname}` : 'Memorial privado'}
      </h1>
      <p className="guest-gate__text">La familia protegió este memorial con un código. Escríbelo para visitarlo.</p>
      <form className="guest-gate__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className={fieldError ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={id}>
            Código de acceso
          </label>
          <input
            id={id}
            className="field__control"
            name="accessCode"
            placeholder="Ingresa el código de acceso"
            maxLength={LIMITS.accessCodeMax}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
            onChange={() => {
              if (fieldError) setFieldError(null);
            }}
          />
          {fieldError ? (
            <p className="field__error" id={`${id}-error`}>
              {fieldError}
            </p>
          ) : null}
        </div>
        {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
        <Button type="submit" block loading={sending} disabled={!live}>
          Ingresar
        </Button>
      </form>
      <div className="guest-gate__ask">
        {asked ? (
          <FormAlert tone="success">{asked}</FormAlert>
        ) : (
          <Button variant="ghost" block onClick={() => setAsking(true)} disabled={!live}>
            ¿No tienes el código? Pídeselo a la familia
          </Button>
        )}
      </div>
      {asking ? (
        <Suspense fallback={null}>
          <AskFamilyDialog
            identifier={identifier}
            fullname={fullname}
            onClose={() => setAsking(false)}
            onAsked={(answer) => {
              setAsked(answer);
              setAsking(false);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
