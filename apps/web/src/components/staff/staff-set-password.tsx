// A staff realm's set-password page (docs/decisions/033): the single-use link a person receives
// (`create-operator`, `create-partner-user`, a partner admin adding an adviser). The password's rule
// is the same for every realm: 12 characters at least, typed twice. Only staff chunks import this.
import { Link, useSearchParams } from 'react-router';
import { operatorSetPasswordFormSchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../button';
import { FormPasswordField } from '../form/form-fields';
import { FormAlert } from '../form-alert';
import { PageSpinner } from '../spinner';
import { errorMessage } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import type { StaffMutation } from './staff-sign-in';

export interface StaffSetPasswordRealm {
  look: 'bo' | 'partner';
  /** The realm's sign-in page. */
  signIn: string;
  /** Whose link it is (null while read or when refused). */
  useLinkOwner: (token: string) => { isPending: boolean; isError: boolean; error: unknown; data: { email: string; name: string } | undefined };
  useSetPassword: () => StaffMutation<{ token: string; password: string }, { message: string }> & { isSuccess: boolean; data: { message: string } | undefined };
}

export function StaffSetPassword({ realm }: { realm: StaffSetPasswordRealm }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = realm.useLinkOwner(token);
  const save = realm.useSetPassword();
  const form = useZodForm(operatorSetPasswordFormSchema, { defaultValues: { password: '', repeat: '' } });
  const onSubmit = form.handleSubmit((values) => save.mutate({ token, password: values.password }));
  const stack = `${realm.look}-stack`;

  return (
    <>
      {link.isPending && token ? <PageSpinner label="Revisando el enlace…" /> : null}
      {!token || link.isError ? <FormAlert tone="error">{link.isError ? errorMessage(link.error) : 'El enlace no es válido o ha expirado'}</FormAlert> : null}
      {save.isSuccess && save.data ? (
        <div className={stack}>
          <FormAlert tone="success">{save.data.message}</FormAlert>
          <Link to={realm.signIn}>Ir al inicio de sesión</Link>
        </div>
      ) : link.data ? (
        <form className={stack} noValidate onSubmit={(event) => void onSubmit(event)}>
          <p>
            Hola, {link.data.name}. Crea la contraseña de <strong>{link.data.email}</strong>: al menos 12 caracteres.
          </p>
          <FormPasswordField form={form} name="password" label="Contraseña nueva" autoComplete="new-password" toggleSubject="contraseña nueva" />
          <FormPasswordField form={form} name="repeat" label="Repite la contraseña" autoComplete="new-password" toggleSubject="contraseña repetida" />
          <Button type="submit" block loading={save.isPending}>
            Guardar contraseña
          </Button>
          {save.isError ? <FormAlert tone="error">{errorMessage(save.error)}</FormAlert> : null}
        </form>
      ) : null}
    </>
  );
}
