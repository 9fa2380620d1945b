// /account/change-password 'Cambiar contraseña' (spec §2, §5): current, new and repeated password,
// each with show/hide; the server's refusal in red (spec §8); the success text hides after 5 s.
import { useEffect, useState } from 'react';
import { LIMITS } from '@recuerdos/shared/limits';
import { changePasswordFormSchema } from '@recuerdos/shared/user-schemas';
import { Button } from '../../../components/button';
import { FormPasswordField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { useAccountUser } from '../../../lib/account/account-user';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { usePageMeta } from '../../../lib/page-meta';
import { useChangePassword } from '../api/change-password';
import { BackLink } from '../../../components/back-link';
import { useIsDesktop } from '../../../lib/use-media-query';
import { Greeting, SettingsLayout } from './settings-layout';

export const PASSWORD_CHANGED_TEXT = 'Tu contraseña fue cambiada exitosamente';

export function ChangePasswordPage() {
  usePageMeta('Cambiar contraseña', 'Cambia la contraseña de tu cuenta de Recuerdos.');
  const user = useAccountUser();
  const desktop = useIsDesktop();
  const change = useChangePassword();
  const [success, setSuccess] = useState(0);
  const form = useZodForm(changePasswordFormSchema, { defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' } });

  // Spec §2, §9: the success text hides after 5 seconds.
  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(0), LIMITS.changePasswordSuccessMs);
    return () => window.clearTimeout(timer);
  }, [success]);

  const onSubmit = form.handleSubmit((values) => {
    setSuccess(0);
    change.mutate(
      { email: user.email, currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset();
          setSuccess(Date.now());
        },
      },
    );
  });

  return (
    <SettingsLayout showMenu={false}>
      <BackLink to="/account/personal" />
      {desktop ? null : <Greeting />}
      <h1>Cambiar contraseña</h1>
      <form className="settings-card" noValidate onSubmit={(event) => void onSubmit(event)}>
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <FormPasswordField
          form={form}
          name="currentPassword"
          label="Contraseña actual"
          autoComplete="current-password"
          toggleSubject="contraseña actual"
        />
        <FormPasswordField
          form={form}
          name="newPassword"
          label="Contraseña nueva"
          hint="Usa al menos 6 caracteres."
          autoComplete="new-password"
          toggleSubject="contraseña nueva"
        />
        <FormPasswordField
          form={form}
          name="repeatPassword"
          label="Repite tu contraseña nueva"
          autoComplete="new-password"
          toggleSubject="repetición de la contraseña nueva"
        />
        <Button type="submit" loading={change.isPending}>
          Cambiar contraseña
        </Button>
        {change.isError ? <FormAlert tone="error">{errorMessage(change.error)}</FormAlert> : null}
        {success ? <FormAlert tone="success">{PASSWORD_CHANGED_TEXT}</FormAlert> : null}
      </form>
    </SettingsLayout>
  );
}
