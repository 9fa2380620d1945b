// /admin/complaints/:number (issue 15 §3): the complaint as filed (never changed), its answer —
// text, operator and date, e-mailed to the consumer, never editable — and later notes.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminComplaintDetail } from '@recuerdos/shared/admin-api-types';
import { complaintAnswerSchema, complaintNoteSchema, COMPLAINT_ENTRY_MAX } from '@recuerdos/shared/admin-schemas';
import { Button } from '../../../components/button';
import { FormTextArea } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage, Panel } from '../../../components/backoffice/admin-page';
import { Modal } from '../../../components/modal';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { dateTime, shortDate } from '../../../lib/operator/admin-api';
import { toastAnswer } from '../../../lib/operator/toast-answer';
import { useAddNote, useAnswer, useComplaint } from '../api/complaints';
import { Urgency } from './urgency';

export function ComplaintPage() {
  const number = useParams().number ?? '';
  const query = useComplaint(number);
  const c = query.data?.complaint;
  return (
    <AdminPage title={c ? `${c.typeLabel} N.° ${c.number}` : `Reclamo ${number}`} actions={<Link to="/admin/complaints">Volver al libro</Link>}>
      {query.isPending ? <PageSpinner /> : null}
      {query.isError ? <FormAlert tone="error">{errorMessage(query.error)}</FormAlert> : null}
      {c ? (
        <>
          <Panel title="Lo que registró el consumidor" headingId="registro">
            <dl className="bo-dl">
              <dt>Estado</dt>
              <dd>
                <Urgency complaint={c} />
              </dd>
              <dt>Registrado</dt>
              <dd>{dateTime(c.createdAt)} (hora de Lima)</dd>
              <dt>Fecha indicada</dt>
              <dd>{c.consumerDate}</dd>
              <dt>Responder hasta</dt>
              <dd>
                {shortDate(c.dueOn)}
                {c.dueOn !== c.dueOnAtFiling ? ` (en su copia decía ${shortDate(c.dueOnAtFiling)}; cambió por un feriado)` : ''}
              </dd>
              <dt>Consumidor</dt>
              <dd>
                {c.name} {c.lastname} · Documento {c.document}
              </dd>
              <dt>Contacto</dt>
              <dd>
                {c.email} · {c.phone}
              </dd>
              <dt>Contrato</dt>
              <dd>{c.contract}</dd>
              <dt>Vendido por</dt>
              <dd>{c.partner ? `${c.partner} (socio; el reclamo lo atendemos nosotros)` : 'Recuerdos'}</dd>
              <dt>Detalle</dt>
              <dd>{c.detail}</dd>
              <dt>Pedido</dt>
              <dd>{c.request}</dd>
            </dl>
          </Panel>
          <Entries complaint={c} />
          {c.status === 'received' ? <AnswerForm complaint={c} /> : <NoteForm complaint={c} />}
        </>
      ) : null}
    </AdminPage>
  );
}

function Entries({ complaint }: { complaint: AdminComplaintDetail }) {
  if (complaint.entries.length === 0) return null;
  return (
    <Panel title="Respuesta y notas" headingId="respuesta">
      <ol className="bo-entries">
        {complaint.entries.map((e) => (
          <li key={`${e.kind}-${e.createdAt}`}>
            <p>
              <strong>{e.kind === 'answer' ? 'Respuesta' : 'Nota'}</strong> · {dateTime(e.createdAt)} · {e.operatorName}
              {e.emailedTo ? ` · enviada a ${e.emailedTo}` : ' · interna'}
            </p>
            <p>{e.text}</p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function AnswerForm({ complaint }: { complaint: AdminComplaintDetail }) {
  const answer = useAnswer(complaint.number);
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useZodForm(complaintAnswerSchema, { defaultValues: { text: '' } });
  const text = form.watch('text');
  const onSubmit = form.handleSubmit((values) => setConfirming(values.text));
  return (
    <Panel title="Responder" headingId="responder">
      <form className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p>La respuesta se envía por correo a {complaint.email} y queda registrada con tu nombre y la fecha. Después no se puede modificar: lo que falte irá en una nota.</p>
        <FormTextArea form={form} name="text" label="Respuesta al consumidor" rows={8} maxLength={COMPLAINT_ENTRY_MAX} count={{ value: text.length, max: COMPLAINT_ENTRY_MAX }} />
        <Button type="submit">Revisar y enviar respuesta</Button>
        {answer.isError ? <FormAlert tone="error">{errorMessage(answer.error)}</FormAlert> : null}
      </form>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        dismissible={!answer.isPending}
        title="¿Enviar esta respuesta?"
        footer={
          <>
            <Button variant="secondary" disabled={answer.isPending} onClick={() => setConfirming(null)}>
              Seguir editando
            </Button>
            <Button
              loading={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { text: confirming ?? '' },
                  {
                    ...toastAnswer(),
                    onSettled: () => setConfirming(null),
                  },
                )
              }
            >
              Sí, enviar respuesta
            </Button>
          </>
        }
      >
        <p>Se enviará a {complaint.email} y no podrá modificarse después.</p>
        <p className="bo-secret">{confirming}</p>
      </Modal>
    </Panel>
  );
}

function NoteForm({ complaint }: { complaint: AdminComplaintDetail }) {
  const note = useAddNote(complaint.number);
  const form = useZodForm(complaintNoteSchema, { defaultValues: { text: '', notify: '0' } });
  const [notify, setNotify] = useState(false);
  const onSubmit = form.handleSubmit((values) =>
    note.mutate(
      { text: values.text, notify },
      toastAnswer(() => {
        form.reset();
        setNotify(false);
      }),
    ),
  );
  return (
    <Panel title="Agregar una nota" headingId="nota">
      <form className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormTextArea form={form} name="text" label="Nota" rows={4} maxLength={COMPLAINT_ENTRY_MAX} />
        <div className="choice">
          <input id="nota-enviar" type="checkbox" className="choice__input" checked={notify} onChange={(event) => setNotify(event.currentTarget.checked)} />
          <label htmlFor="nota-enviar" className="choice__label">
            Enviar también esta nota al consumidor ({complaint.email})
          </label>
        </div>
        <Button type="submit" loading={note.isPending}>
          Agregar nota
        </Button>
        {note.isError ? <FormAlert tone="error">{errorMessage(note.error)}</FormAlert> : null}
      </form>
    </Panel>
  );
}
