// /admin/account (issue 15 §1): the operator's password. Changing it ends every other session.
import { operatorChangePasswordFormSchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../../../components/button';
import { FormPasswordField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage, Panel } from '../../../components/backoffice/admin-page';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { useOperatorSession } from '../../../lib/operator/operator-session';
import { useChangeOperatorPassword } from '../api/operator-auth';

export function OperatorAccountPage() {
  const session = useOperatorSession();
  const change = useChangeOperatorPassword();
  const form = useZodForm(operatorChangePasswordFormSchema, { defaultValues: { currentPassword: '', newPassword: '', repeat: '' } });
  const onSubmit = form.handleSubmit((values) =>
    change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword }, { onSuccess: () => form.reset() }),
  );
  return (
    <AdminPage title="Mi cuenta">
      <Panel title="Cambiar contraseña" headingId="cambiar-clave">
        <p>
          {session?.operator?.name} · {session?.operator?.email}
        </p>
        <form className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
          <FormPasswordField form={form} name="currentPassword" label="Contraseña actual" autoComplete="current-password" toggleSubject="contraseña actual" />
          <FormPasswordField form={form} name="newPassword" label="Contraseña nueva" autoComplete="new-password" toggleSubject="contraseña nueva" />
          <FormPasswordField form={form} name="repeat" label="Repite la contraseña nueva" autoComplete="new-password" toggleSubject="contraseña repetida" />
          <Button type="submit" loading={change.isPending}>
            Cambiar contraseña
          </Button>
          {change.isSuccess ? <FormAlert tone="success">{change.data.message}</FormAlert> : null}
          {change.isError ? <FormAlert tone="error">{errorMessage(change.error)}</FormAlert> : null}
        </form>
      </Panel>
    </AdminPage>
  );
}
