// /admin/contracts/:number (issue 15 §2): state, dates, memorials of the account; the activation
// e-mail again; the end date (or renewal); disclaimers shown to the owner.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { addDisclaimerSchema, contractEndDateSchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../../../components/button';
import { FormSelectField, FormTextArea, FormTextField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage, Badge, Panel } from '../../../components/backoffice/admin-page';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { dateTime, shortDate } from '../../../lib/operator/admin-api';
import { toastAnswer } from '../../../lib/operator/toast-answer';
import { useAddDisclaimer, useChangeEndDate, useContract, useRemoveDisclaimer, useResendActivation } from '../api/contracts';
import { StateBadge } from './state-badge';

export function ContractPage() {
  const number = useParams().number ?? '';
  const query = useContract(number);
  const contract = query.data?.contract;
  return (
    <AdminPage title={`Contrato ${number}`} actions={<Link to="/admin/contracts">Volver a contratos</Link>}>
      {query.isPending ? <PageSpinner /> : null}
      {query.isError ? <FormAlert tone="error">{errorMessage(query.error)}</FormAlert> : null}
      {contract ? (
        <>
          <Panel title="Datos" headingId="datos">
            <dl className="bo-dl">
              <dt>Estado</dt>
              <dd>
                <StateBadge state={contract.state} />
              </dd>
              <dt>Titular</dt>
              <dd>
                {contract.owner.name} {contract.owner.lastname} · {contract.owner.email}
              </dd>
              <dt>Ser querido</dt>
              <dd>
                {contract.memorial.fullname} ({contract.memorial.type === 'P' ? 'perfil privado' : 'perfil público'}) ·{' '}
                <a href={contract.guestUrl} target="_blank" rel="noreferrer">
                  Ver memorial
                </a>
              </dd>
              <dt>Creado</dt>
              <dd>{dateTime(contract.createdAt)}</dd>
              <dt>Activado</dt>
              <dd>{contract.activatedAt ? dateTime(contract.activatedAt) : 'Aún no'}</dd>
              <dt>Fin del servicio</dt>
              <dd>{contract.expiresOn ? shortDate(contract.expiresOn) : 'Sin fecha de fin'}</dd>
            </dl>
            {contract.state === 'pending' ? <ResendActivation number={contract.number} /> : null}
          </Panel>
          <EndDate number={contract.number} current={contract.expiresOn} />
          <Disclaimers number={contract.number} disclaimers={contract.disclaimers} />
          {contract.accountContracts.length > 1 ? (
            <Panel title="Otros contratos de esta cuenta" headingId="otros">
              <ul>
                {contract.accountContracts
                  .filter((c) => c.number !== contract.number)
                  .map((c) => (
                    <li key={c.number}>
                      <Link to={`/admin/contracts/${encodeURIComponent(c.number)}`}>{c.number}</Link> · {c.memorial.fullname}
                    </li>
                  ))}
              </ul>
            </Panel>
          ) : null}
        </>
      ) : null}
    </AdminPage>
  );
}

function ResendActivation({ number }: { number: string }) {
  const resend = useResendActivation(number);
  return (
    <div className="bo-stack">
      <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate(undefined, toastAnswer())}>
        Reenviar correo de activación
      </Button>
      {resend.isError ? <FormAlert tone="error">{errorMessage(resend.error)}</FormAlert> : null}
    </div>
  );
}

function EndDate({ number, current }: { number: string; current: string | null }) {
  const change = useChangeEndDate(number);
  const form = useZodForm(contractEndDateSchema, { defaultValues: { expiresOn: current ?? '' } });
  const onSubmit = form.handleSubmit((values) => change.mutate({ expiresOn: values.expiresOn }, toastAnswer()));
  return (
    <Panel title="Fin del servicio y renovación" headingId="fin">
      <form className="bo-filters" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormTextField form={form} name="expiresOn" label="Último día del servicio" type="date" hint="Vacío: sin fecha de fin. Una fecha futura renueva un contrato vencido." />
        <Button type="submit" loading={change.isPending}>
          Guardar fecha
        </Button>
      </form>
      {change.isError ? <FormAlert tone="error">{errorMessage(change.error)}</FormAlert> : null}
    </Panel>
  );
}

function Disclaimers({ number, disclaimers }: { number: string; disclaimers: { id: number; type: 'R' | 'W'; title: string; descr: string; createdAt: string }[] }) {
  const add = useAddDisclaimer(number);
  const remove = useRemoveDisclaimer(number);
  const [removing, setRemoving] = useState<number | null>(null);
  const form = useZodForm(addDisclaimerSchema, { defaultValues: { type: 'W', title: '', descr: '' } });
  const onSubmit = form.handleSubmit((values) => add.mutate(values, toastAnswer(() => form.reset())));
  return (
    <Panel title="Avisos para la familia" headingId="avisos">
      <p className="muted">Se muestran bajo la barra de su cuenta, junto a los del estado del contrato.</p>
      {disclaimers.length ? (
        <ul className="bo-cards">
          {disclaimers.map((d) => (
            <li key={d.id} className="bo-panel">
              <p>
                <Badge tone={d.type === 'R' ? 'danger' : 'warning'}>{d.type === 'R' ? 'Error' : 'Advertencia'}</Badge> <strong>{d.title}</strong>
              </p>
              <p>{d.descr}</p>
              <Button
                variant="danger"
                size="sm"
                loading={removing === d.id && remove.isPending}
                onClick={() => {
                  setRemoving(d.id);
                  remove.mutate(d.id, toastAnswer());
                }}
              >
                Quitar aviso «{d.title}»
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>Sin avisos.</p>
      )}
      {remove.isError ? <FormAlert tone="error">{errorMessage(remove.error)}</FormAlert> : null}
      <form className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h3>Agregar aviso</h3>
        <FormSelectField form={form} name="type" label="Tipo">
          <option value="W">Advertencia</option>
          <option value="R">Error</option>
        </FormSelectField>
        <FormTextField form={form} name="title" label="Título" />
        <FormTextArea form={form} name="descr" label="Descripción" rows={3} />
        <Button type="submit" loading={add.isPending}>
          Agregar aviso
        </Button>
        {add.isError ? <FormAlert tone="error">{errorMessage(add.error)}</FormAlert> : null}
      </form>
    </Panel>
  );
}
