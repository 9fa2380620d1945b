// /admin/login (issue 15 §1): the password, then the second factor — at the first login the
// authenticator is set up (QR code or key, a first code) and ten recovery codes are shown once.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { EnrollmentData } from '@recuerdos/shared/admin-api-types';
import { operatorLoginSchema, secondFactorSchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../../../components/button';
import { FormEmailField, FormPasswordField, FormTextField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { setOperatorSession, useOperatorSession } from '../../../lib/operator/operator-session';
import { completeLogin, useOperatorLogin, useSecondFactor, useStartEnrollment } from '../api/operator-auth';

type Step = { kind: 'password' } | { kind: 'enroll' | 'verify' } | { kind: 'codes'; codes: string[]; finish: () => void };

export function AdminLoginPage() {
  const navigate = useNavigate();
  const session = useOperatorSession();
  const [step, setStep] = useState<Step>({ kind: 'password' });

  useEffect(() => {
    if (session?.operator && step.kind !== 'codes') void navigate('/admin/complaints', { replace: true });
  }, [session, step.kind, navigate]);

  return (
    <div className="bo-auth">
      <main id="contenido" className="bo-panel">
        <AdminPage title="Administración de Recuerdos">
          {step.kind === 'password' ? <PasswordStep onNext={(next) => setStep({ kind: next })} /> : null}
          {step.kind === 'enroll' || step.kind === 'verify' ? (
            <CodeStep
              kind={step.kind}
              onCodes={(codes, finish) => setStep({ kind: 'codes', codes, finish })}
              onRestart={() => {
                setOperatorSession(null);
                setStep({ kind: 'password' });
              }}
            />
          ) : null}
          {step.kind === 'codes' ? (
            <RecoveryCodes
              codes={step.codes}
              onDone={() => {
                step.finish();
                void navigate('/admin/complaints', { replace: true });
              }}
            />
          ) : null}
        </AdminPage>
      </main>
    </div>
  );
}

function PasswordStep({ onNext }: { onNext: (next: 'enroll' | 'verify') => void }) {
  const login = useOperatorLogin();
  const form = useZodForm(operatorLoginSchema, { defaultValues: { email: '', password: '' } });
  const onSubmit = form.handleSubmit((values) => login.mutate(values, { onSuccess: (data) => onNext(data.next) }));
  return (
    <form className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p>Ingresa con tu correo de operador y tu contraseña. Luego te pediremos el código de tu aplicación de autenticación.</p>
      <FormEmailField form={form} name="email" label="Correo electrónico" autoComplete="username" />
      <FormPasswordField form={form} name="password" label="Contraseña" autoComplete="current-password" />
      <Button type="submit" block loading={login.isPending}>
        Continuar
      </Button>
      {login.isError ? <FormAlert tone="error">{errorMessage(login.error)}</FormAlert> : null}
    </form>
  );
}

function CodeStep({ kind, onCodes, onRestart }: { kind: 'enroll' | 'verify'; onCodes: (codes: string[], finish: () => void) => void; onRestart: () => void }) {
  const enrollment = useStartEnrollment();
  const [setup, setSetup] = useState<EnrollmentData | null>(null);
  const second = useSecondFactor(kind);
  const form = useZodForm(secondFactorSchema, { defaultValues: { code: '' } });
  const { mutate: startEnrollment } = enrollment;

  useEffect(() => {
    if (kind === 'enroll') startEnrollment(undefined, { onSuccess: setSetup });
  }, [kind, startEnrollment]);

  const onSubmit = form.handleSubmit((values) =>
    second.mutate(values, {
      onSuccess: (data) => {
        if (data.recoveryCodes) onCodes(data.recoveryCodes, () => completeLogin(data));
        else completeLogin(data);
      },
    }),
  );

  return (
    <form className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
      {kind === 'enroll' ? (
        <>
          <h2>Activa la verificación en dos pasos</h2>
          <p>Abre tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) y escanea este código, o escribe la clave.</p>
          {setup ? (
            <>
              <img className="bo-qr" src={setup.qr} width={192} height={192} alt="Código QR para tu aplicación de autenticación" />
              <p>
                Clave: <span className="bo-secret">{setup.secret}</span>
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
        {kind === 'enroll' ? 'Activar y entrar' : 'Entrar'}
      </Button>
      {second.isError ? <FormAlert tone="error">{errorMessage(second.error)}</FormAlert> : null}
      <Button variant="ghost" onClick={onRestart}>
        Volver a empezar
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="bo-stack">
      <h2>Guarda tus códigos de recuperación</h2>
      <FormAlert tone="info">Solo los verás esta vez. Cada uno sirve una sola vez para entrar si pierdes tu teléfono. Guárdalos en un lugar seguro.</FormAlert>
      <ol className="bo-codes" aria-label="Códigos de recuperación">
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
