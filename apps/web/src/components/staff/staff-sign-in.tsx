// A staff realm's sign-in (docs/decisions/033): the password, then the second factor — at the first
// sign-in the authenticator is set up (QR code or key, a first code) and ten recovery codes are shown
// once. The back office (/admin/login) and the partner area (/socios) each give their words, look,
// hooks and what completes the sign-in; their page draws the frame. Only staff chunks import this.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { secondFactorSchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../button';
import { FormEmailField, FormPasswordField, FormTextField } from '../form/form-fields';
import { FormAlert } from '../form-alert';
import { errorMessage } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';

export type SecondFactorStep = 'enroll' | 'verify';

/** The answer of a complete second step (recovery codes after an enrolment). */
export interface CompletedStaffLogin {
  token: string;
  recoveryCodes?: string[];
}

/** The slice of a TanStack mutation the steps use (the realm's API file makes them). */
export interface StaffMutation<Input, Data> {
  mutate: (input: Input, options?: { onSuccess?: (data: Data) => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface StaffSignInRealm<Completed extends CompletedStaffLogin> {
  /** The realm's class names: `<look>-stack`, `<look>-qr`, `<look>-secret`, `<look>-codes`. */
  look: 'bo' | 'partner';
  /** Where a complete sign-in goes. */
  home: string;
  loginSchema: z.ZodType<{ email: string; password: string }, { email: string; password: string }>;
  words: {
    passwordIntro: string;
    passwordSubmit: string;
    enrollIntro: string;
    enrollSubmit: string;
    verifySubmit: string;
    codesNote: string;
  };
  useSignedIn: () => boolean;
  useLogin: () => StaffMutation<{ email: string; password: string }, { next: 'done' | SecondFactorStep }>;
  useStartEnrollment: () => StaffMutation<undefined, { secret: string; qr: string }>;
  useSecondFactor: (step: SecondFactorStep) => StaffMutation<{ code: string }, Completed>;
  /** Stores the complete session (the page then goes home). */
  complete: (data: Completed) => void | Promise<void>;
  /** Forgets a half-done sign-in ("Volver a empezar"). */
  forget: () => void;
}

type Step<C> = { kind: 'password' } | { kind: SecondFactorStep } | { kind: 'codes'; codes: string[]; data: C };

export function StaffSignIn<C extends CompletedStaffLogin>({ realm }: { realm: StaffSignInRealm<C> }) {
  const navigate = useNavigate();
  const signedIn = realm.useSignedIn();
  const [step, setStep] = useState<Step<C>>({ kind: 'password' });

  useEffect(() => {
    if (signedIn && step.kind !== 'codes') void navigate(realm.home, { replace: true });
  }, [signedIn, step.kind, navigate, realm.home]);

  if (step.kind === 'password') return <PasswordStep realm={realm} onNext={(next) => setStep({ kind: next })} />;
  if (step.kind === 'codes') {
    return (
      <RecoveryCodes
        look={realm.look}
        note={realm.words.codesNote}
        codes={step.codes}
        onDone={() => {
          void Promise.resolve(realm.complete(step.data)).then(() => navigate(realm.home, { replace: true }));
        }}
      />
    );
  }
  return (
    <CodeStep
      realm={realm}
      kind={step.kind}
      onCodes={(codes, data) => setStep({ kind: 'codes', codes, data })}
      onRestart={() => {
        realm.forget();
        setStep({ kind: 'password' });
      }}
    />
  );
}

function PasswordStep<C extends CompletedStaffLogin>({ realm, onNext }: { realm: StaffSignInRealm<C>; onNext: (next: SecondFactorStep) => void }) {
  const login = realm.useLogin();
  const form = useZodForm(realm.loginSchema, { defaultValues: { email: '', password: '' } });
  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (data) => {
        // 'done': signed in with the password alone (a partner's adviser); the page goes home.
        if (data.next !== 'done') onNext(data.next);
      },
    }),
  );
  return (
    <form className={`${realm.look}-stack`} noValidate onSubmit={(event) => void onSubmit(event)}>
      <p>{realm.words.passwordIntro}</p>
      <FormEmailField form={form} name="email" label="Correo electrónico" autoComplete="username" />
      <FormPasswordField form={form} name="password" label="Contraseña" autoComplete="current-password" />
      <Button type="submit" block loading={login.isPending}>
        {realm.words.passwordSubmit}
      </Button>
      {login.isError ? <FormAlert tone="error">{errorMessage(login.error)}</FormAlert> : null}
    </form>
  );
}

function CodeStep<C extends CompletedStaffLogin>({
  realm,
  kind,
  onCodes,
  onRestart,
}: {
  realm: StaffSignInRealm<C>;
  kind: SecondFactorStep;
  onCodes: (codes: string[], data: C) => void;
  onRestart: () => void;
}) {
  const enrollment = realm.useStartEnrollment();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const second = realm.useSecondFactor(kind);
  const form = useZodForm(secondFactorSchema, { defaultValues: { code: '' } });
  const { mutate: startEnrollment } = enrollment;
  const { look } = realm;

  useEffect(() => {
    if (kind === 'enroll') startEnrollment(undefined, { onSuccess: setSetup });
  }, [kind, startEnrollment]);

  const onSubmit = form.handleSubmit((values) =>
    second.mutate(values, {
      onSuccess: (data) => {
        if (data.recoveryCodes) onCodes(data.recoveryCodes, data);
        else void realm.complete(data);
      },
    }),
  );

  return (
    <form className={`${look}-stack`} noValidate onSubmit={(event) => void onSubmit(event)}>
      {kind === 'enroll' ? (
        <>
          <h2>Activa la verificación en dos pasos</h2>
          <p>{realm.words.enrollIntro}</p>
          {setup ? (
            <>
              <img className={`${look}-qr`} src={setup.qr} width={192} height={192} alt="Código QR para tu aplicación de autenticación" />
              <p>
                Clave: <span className={`${look}-secret`}>{setup.secret}</span>
              </p>
            </>
          ) : enrollment.isError ? (
            <FormAlert tone="error">{errorMessage(enrollment.error)}</FormAlert>
          ) : (
            <p>Preparando el código…</p>
          )}
        </>
      ) : (
        <>
          <h2>Verificación en dos pasos</h2>
          <p>Escribe el código de 6 dígitos de tu aplicación de autenticación. Si no tienes tu teléfono, usa uno de tus códigos de recuperación.</p>
        </>
      )}
      <FormTextField form={form} name="code" label={kind === 'enroll' ? 'Código de 6 dígitos' : 'Código'} autoComplete="one-time-code" inputMode={kind === 'enroll' ? 'numeric' : 'text'} autoCapitalize="none" spellCheck={false} />
      <Button type="submit" block loading={second.isPending}>
        {kind === 'enroll' ? realm.words.enrollSubmit : realm.words.verifySubmit}
      </Button>
      {second.isError ? <FormAlert tone="error">{errorMessage(second.error)}</FormAlert> : null}
      <Button variant="ghost" onClick={onRestart}>
        Volver a empezar
      </Button>
    </form>
  );
}

function RecoveryCodes({ look, note, codes, onDone }: { look: string; note: string; codes: string[]; onDone: () => void }) {
  return (
    <div className={`${look}-stack`}>
      <h2>Guarda tus códigos de recuperación</h2>
      <FormAlert tone="info">{note}</FormAlert>
      <ol className={`${look}-codes`} aria-label="Códigos de recuperación">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button block onClick={onDone}>
        Ya los guardé, continuar
      </Button>
    </div>
  );
}
