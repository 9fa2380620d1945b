// /socios (issue 30 §1): partner staff sign in with their password; a partner admin then gives the
// code of an authenticator app (set up at the first sign-in, with ten recovery codes shown once).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PartnerEnrollmentData } from '@recuerdos/shared/partner-api-types';
import { secondFactorSchema } from '@recuerdos/shared/admin-schemas';
import { partnerLoginSchema } from '@recuerdos/shared/partner-schemas';
import { Button } from '../../../components/button';
import { FormEmailField, FormPasswordField, FormTextField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { PartnerPage } from '../../../components/partner/partner-page';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { setPartnerSession, usePartnerSession } from '../../../lib/partner/partner-session';
import { completeSignIn, usePartnerLogin, useSecondFactor, useStartEnrollment } from '../api/partner-auth';

type Step = { kind: 'password' } | { kind: 'enroll' | 'verify' } | { kind: 'codes'; codes: string[]; token: string };

export const PARTNER_HOME = '/socios/vender';

export function PartnerLoginPage() {
  const navigate = useNavigate();
  const session = usePartnerSession();
  const [step, setStep] = useState<Step>({ kind: 'password' });

  useEffect(() => {
    if (session?.user && step.kind !== 'codes') void navigate(PARTNER_HOME, { replace: true });
  }, [session, step.kind, navigate]);

  return (
    <PartnerPage title="Recuerdos para funerarias y camposantos">
      {step.kind === 'password' ? <PasswordStep onNext={(next) => setStep({ kind: next })} /> : null}
      {step.kind === 'enroll' || step.kind === 'verify' ? (
        <CodeStep
          kind={step.kind}
          onCodes={(codes, token) => setStep({ kind: 'codes', codes, token })}
          onRestart={() => {
            setPartnerSession(null);
            setStep({ kind: 'password' });
          }}
        />
      ) : null}
      {step.kind === 'codes' ? (
        <RecoveryCodes
          codes={step.codes}
          onDone={() => {
            void completeSignIn(step.token).then(() => navigate(PARTNER_HOME, { replace: true }));
          }}
        />
      ) : null}
    </PartnerPage>
  );
}

function PasswordStep({ onNext }: { onNext: (next: 'enroll' | 'verify') => void }) {
  const login = usePartnerLogin();
  const form = useZodForm(partnerLoginSchema, { defaultValues: { email: '', password: '' } });
  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (data) => {
        if (data.next !== 'done') onNext(data.next);
      },
    }),
  );
  return (
    <form className="partner-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p>Ingresa con el correo y la contraseña que te dio tu empresa.</p>
      <FormEmailField form={form} name="email" label="Correo electrónico" autoComplete="username" />
      <FormPasswordField form={form} name="password" label="Contraseña" autoComplete="current-password" />
      <Button type="submit" block loading={login.isPending}>
        Ingresar
      </Button>
      {login.isError ? <FormAlert tone="error">{errorMessage(login.error)}</FormAlert> : null}
    </form>
  );
}

function CodeStep({ kind, onCodes, onRestart }: { kind: 'enroll' | 'verify'; onCodes: (codes: string[], token: string) => void; onRestart: () => void }) {
  const enrollment = useStartEnrollment();
  const [setup, setSetup] = useState<PartnerEnrollmentData | null>(null);
  const second = useSecondFactor(kind);
  const form = useZodForm(secondFactorSchema, { defaultValues: { code: '' } });
  const { mutate: startEnrollment } = enrollment;

  useEffect(() => {
    if (kind === 'enroll') startEnrollment(undefined, { onSuccess: setSetup });
  }, [kind, startEnrollment]);

  const onSubmit = form.handleSubmit((values) =>
    second.mutate(values, {
      onSuccess: (data) => {
        if (data.recoveryCodes) onCodes(data.recoveryCodes, data.token);
        else void completeSignIn(data.token);
      },
    }),
  );

  return (
    <form className="partner-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
      {kind === 'enroll' ? (
        <>
          <h2>Activa la verificación en dos pasos</h2>
          <p>Como administrador, protege tu cuenta con una aplicación de autenticación (Google Authenticator, Microsoft Authenticator…): escanea este código o escribe la clave.</p>
          {setup ? (
            <>
              <img className="partner-qr" src={setup.qr} width={192} height={192} alt="Código QR para tu aplicación de autenticación" />
              <p>
                Clave: <span className="partner-secret">{setup.secret}</span>
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
        {kind === 'enroll' ? 'Activar e ingresar' : 'Ingresar'}
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
    <div className="partner-stack">
      <h2>Guarda tus códigos de recuperación</h2>
      <FormAlert tone="info">Solo los verás esta vez. Cada uno sirve una sola vez para ingresar si pierdes tu teléfono.</FormAlert>
      <ol className="partner-codes" aria-label="Códigos de recuperación">
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
