// /admin/socios/:id (issue 30 §1, §7): one partner — its data, logo, branches (with the memorials
// each sold) and staff — and the operator's changes: suspend or resume (confirmed), the logo, a
// branch, a partner user who gets the single-use link to create the password, as `admin
// create-partner-user` prints it.
import { useState, type SyntheticEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { BackofficePartnerDetailData } from '@recuerdos/shared/partner-api-types';
import { BACKOFFICE_PARTNER_TEXT, PARTNER_LOGO, backofficePartnerUserSchema, createBranchSchema } from '@recuerdos/shared/partner-schemas';
import { Button } from '../../../components/button';
import { FileField } from '../../../components/field';
import { FormSelectField, FormTextField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage, Panel } from '../../../components/backoffice/admin-page';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { toastAnswer } from '../../../lib/operator/toast-answer';
import { useAddBranch, useAddPartnerUser, usePartner, useUploadLogo } from '../api/partners';
import { SuspensionBadge } from './suspension-badge';
import { SuspensionDialog } from './suspension-dialog';

export function PartnerPage() {
  const id = Number(useParams().id ?? '');
  const query = usePartner(id);
  const partner = query.data?.partner;
  const [confirming, setConfirming] = useState(false);
  return (
    <AdminPage title={partner ? partner.name : 'Socio'} actions={<Link to="/admin/socios">Volver a socios</Link>}>
      {query.isPending ? <PageSpinner /> : null}
      {query.isError ? <FormAlert tone="error">{errorMessage(query.error)}</FormAlert> : null}
      {partner ? (
        <>
          <Panel title="Datos" headingId="datos">
            <dl className="bo-dl">
              <dt>Estado</dt>
              <dd>
                <SuspensionBadge suspended={partner.suspended} />
              </dd>
              <dt>Razón social</dt>
              <dd>{partner.legalName}</dd>
              <dt>RUC</dt>
              <dd>{partner.ruc}</dd>
              <dt>Comisión</dt>
              <dd>{partner.commissionPercent.toLocaleString('es-PE', { maximumFractionDigits: 2 })} %</dd>
              <dt>Memoriales vendidos</dt>
              <dd>{partner.sales}</dd>
            </dl>
            <p>
              <Link to={`/admin/socios/${partner.id}/estado`}>Ver el estado de cuenta mensual de {partner.name}</Link>
            </p>
            <Button variant={partner.suspended ? 'secondary' : 'danger'} onClick={() => setConfirming(true)}>
              {partner.suspended ? 'Reactivar socio' : 'Suspender socio'}
            </Button>
          </Panel>
          <Logo partner={partner} />
          <Branches partner={partner} />
          <Staff partner={partner} />
          {confirming ? <SuspensionDialog partner={partner} onClose={() => setConfirming(false)} /> : null}
        </>
      ) : null}
    </AdminPage>
  );
}

function Logo({ partner }: { partner: BackofficePartnerDetailData }) {
  const upload = useUploadLogo(partner.id);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    upload.mutate(file, toastAnswer(() => setFile(null)));
  };
  return (
    <Panel title="Logo" headingId="logo">
      <p className="muted">Se muestra pequeño junto a «Con el acompañamiento de {partner.name}» en la página del código QR durante la etapa del funeral y en los recordatorios.</p>
      {partner.logo ? (
        <img className="bo-logo" src={partner.logo} width={PARTNER_LOGO.width / 2} height={PARTNER_LOGO.height / 2} alt={`Logo actual de ${partner.name}`} />
      ) : (
        <p>Sin logo.</p>
      )}
      <form className="bo-stack" noValidate onSubmit={submit}>
        <FileField
          label={partner.logo ? 'Nuevo logo' : 'Logo'}
          action="Elegir logo"
          accept="image/png,image/jpeg,image/webp"
          hint="PNG, JPEG o WebP. Un fondo transparente se conserva."
          error={missing ? BACKOFFICE_PARTNER_TEXT.logoRequired : undefined}
          onChange={(event) => {
            setFile(event.currentTarget.files?.[0] ?? null);
            setMissing(false);
          }}
        />
        <Button type="submit" variant="secondary" loading={upload.isPending}>
          Guardar logo
        </Button>
        {upload.isError ? <FormAlert tone="error">{errorMessage(upload.error)}</FormAlert> : null}
      </form>
    </Panel>
  );
}

function Branches({ partner }: { partner: BackofficePartnerDetailData }) {
  const add = useAddBranch(partner.id);
  const form = useZodForm(createBranchSchema, { defaultValues: { name: '', address: '' } });
  const onSubmit = form.handleSubmit((values) => add.mutate(values, toastAnswer(() => form.reset())));
  return (
    <Panel title="Sedes" headingId="sedes">
      <div className="bo-table-wrap" role="region" aria-label="Tabla de sedes" tabIndex={0}>
        <table className="bo-table">
          <caption className="visually-hidden">Sedes de {partner.name}</caption>
          <thead>
            <tr>
              <th scope="col">Sede</th>
              <th scope="col">Dirección</th>
              <th scope="col">Memoriales vendidos</th>
            </tr>
          </thead>
          <tbody>
            {partner.branchList.map((b) => (
              <tr key={b.id}>
                <td>{b.name}</td>
                <td>{b.address || '—'}</td>
                <td>{b.sales}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h3>Agregar sede</h3>
        <FormTextField form={form} name="name" label="Nombre de la sede" />
        <FormTextField form={form} name="address" label="Dirección (opcional)" />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Agregar sede
        </Button>
        {add.isError ? <FormAlert tone="error">{errorMessage(add.error)}</FormAlert> : null}
      </form>
    </Panel>
  );
}

function Staff({ partner }: { partner: BackofficePartnerDetailData }) {
  const add = useAddPartnerUser(partner.id);
  const form = useZodForm(backofficePartnerUserSchema, { defaultValues: { email: '', name: '', role: 'admin', branchId: '' } });
  const role = form.watch('role');
  const onSubmit = form.handleSubmit((values) => add.mutate(values, { onSuccess: () => form.reset() }));
  return (
    <Panel title="Personal" headingId="personal">
      {partner.staffList.length ? (
        <div className="bo-table-wrap" role="region" aria-label="Tabla del personal" tabIndex={0}>
          <table className="bo-table">
            <caption className="visually-hidden">Personal de {partner.name}</caption>
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Correo</th>
                <th scope="col">Rol</th>
                <th scope="col">Contraseña</th>
              </tr>
            </thead>
            <tbody>
              {partner.staffList.map((s) => (
                <tr key={s.id}>
                  <td>{s.name}</td>
                  <td>{s.email}</td>
                  <td>{s.role === 'admin' ? 'Administrador' : `Asesor de ${s.branch ?? ''}`}</td>
                  <td>{s.hasPassword ? 'Creada' : 'Aún no la crea'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Sin personal todavía.</p>
      )}
      <form className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h3>Agregar usuario</h3>
        <FormTextField form={form} name="name" label="Nombre" />
        <FormTextField form={form} name="email" label="Correo electrónico" type="email" autoCapitalize="none" spellCheck={false} />
        <FormSelectField form={form} name="role" label="Rol" hint="El administrador gestiona sedes y asesores, con verificación en dos pasos; el asesor vende en su sede.">
          <option value="admin">Administrador</option>
          <option value="adviser">Asesor</option>
        </FormSelectField>
        {role === 'adviser' ? (
          <FormSelectField form={form} name="branchId" label="Sede del asesor">
            <option value="">Elige la sede</option>
            {partner.branchList.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </FormSelectField>
        ) : null}
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Agregar usuario
        </Button>
        {add.isError ? <FormAlert tone="error">{errorMessage(add.error)}</FormAlert> : null}
        {add.isSuccess && add.data.data.setPasswordUrl ? (
          <FormAlert tone="success">
            {add.data.message}: <span className="bo-secret">{add.data.data.setPasswordUrl}</span>
          </FormAlert>
        ) : null}
      </form>
    </Panel>
  );
}
