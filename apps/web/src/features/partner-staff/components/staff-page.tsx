// /socios/personal (issue 30 §1): a partner admin's branches (sedes) and advisers. Adding an adviser
// answers a single-use link to create the password, which the admin hands over in person.
import { Navigate } from 'react-router';
import { createBranchSchema, createStaffSchema } from '@recuerdos/shared/partner-schemas';
import { Button } from '../../../components/button';
import { FormSelectField, FormTextField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { PartnerPage } from '../../../components/partner/partner-page';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { usePartnerSession } from '../../../lib/partner/partner-session';
import { useAddAdviser, useAddBranch, useBranchList, useStaff } from '../api/staff';

export function StaffPage() {
  const session = usePartnerSession();
  if (!session?.user) return <Navigate to="/socios" replace />;
  if (session.user.role !== 'admin') return <Navigate to="/socios/vender" replace />;
  return (
    <PartnerPage title="Sedes y asesores">
      <Branches />
      <Advisers />
    </PartnerPage>
  );
}

function Branches() {
  const branches = useBranchList();
  const add = useAddBranch();
  const form = useZodForm(createBranchSchema, { defaultValues: { name: '', address: '' } });
  const onSubmit = form.handleSubmit((values) => add.mutate(values, { onSuccess: () => form.reset() }));
  return (
    <section className="partner-stack" aria-labelledby="sedes">
      <h2 id="sedes">Sedes</h2>
      {branches.isPending ? <Spinner label="Cargando sedes" /> : null}
      <ul>
        {(branches.data?.branches ?? []).map((branch) => (
          <li key={branch.id}>
            {branch.name}
            {branch.address ? ` · ${branch.address}` : ''}
          </li>
        ))}
      </ul>
      <form className="partner-fieldset" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormTextField form={form} name="name" label="Nombre de la nueva sede" />
        <FormTextField form={form} name="address" label="Dirección (opcional)" />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Agregar sede
        </Button>
        {add.isError ? <FormAlert tone="error">{errorMessage(add.error)}</FormAlert> : null}
        {add.isSuccess ? <FormAlert tone="success">{add.data.message}</FormAlert> : null}
      </form>
    </section>
  );
}

function Advisers() {
  const staff = useStaff();
  const branches = useBranchList();
  const add = useAddAdviser();
  const form = useZodForm(createStaffSchema, { defaultValues: { email: '', name: '', branchId: '' } });
  const onSubmit = form.handleSubmit((values) => add.mutate(values, { onSuccess: () => form.reset() }));
  return (
    <section className="partner-stack" aria-labelledby="asesores">
      <h2 id="asesores">Personal</h2>
      {staff.isPending ? <Spinner label="Cargando personal" /> : null}
      {staff.isError ? <FormAlert tone="error">{errorMessage(staff.error)}</FormAlert> : null}
      <ul>
        {(staff.data?.staff ?? []).map((person) => (
          <li key={person.id}>
            {person.name} ({person.email}) · {person.role === 'admin' ? 'Administrador' : `Asesor de ${person.branch ?? ''}`}
            {person.hasPassword ? '' : ' · aún no crea su contraseña'}
          </li>
        ))}
      </ul>
      <form className="partner-fieldset" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormTextField form={form} name="name" label="Nombre del asesor" />
        <FormTextField form={form} name="email" label="Correo electrónico del asesor" type="email" autoCapitalize="none" spellCheck={false} />
        <FormSelectField form={form} name="branchId" label="Sede del asesor">
          <option value="">Elige la sede</option>
          {(branches.data?.branches ?? []).map((branch) => (
            <option key={branch.id} value={branch.id}>
              {branch.name}
            </option>
          ))}
        </FormSelectField>
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Agregar asesor
        </Button>
        {add.isError ? <FormAlert tone="error">{errorMessage(add.error)}</FormAlert> : null}
        {add.isSuccess ? (
          <FormAlert tone="success">
            {add.data.message}: <span className="partner-secret">{add.data.data.setPasswordUrl}</span>
          </FormAlert>
        ) : null}
      </form>
    </section>
  );
}
