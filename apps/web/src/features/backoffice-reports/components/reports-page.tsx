// /admin/reports (issue 15 §4): visitors' reports with the memory in context; hide it (the family
// is told why by e-mail; the memory is kept) or dismiss the report.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminReport, AdminReportStatus } from '@recuerdos/shared/admin-api-types';
import { dismissReportSchema, hidePostSchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/field';
import { FormTextArea } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage, Badge } from '../../../components/backoffice/admin-page';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { dateTime } from '../../../lib/operator/admin-api';
import { toastAnswer } from '../../../lib/operator/toast-answer';
import { useDismissReport, useHideReported, useReports } from '../api/reports';

const STATUS_LABELS: Record<AdminReportStatus, string> = { open: 'Por revisar', hidden: 'Ocultados', dismissed: 'Descartados' };

export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: AdminReportStatus = raw === 'hidden' || raw === 'dismissed' ? raw : 'open';
  const reports = useReports(status);
  const [acting, setActing] = useState<{ report: AdminReport; action: 'hide' | 'dismiss' } | null>(null);
  return (
    <AdminPage title="Reportes de recuerdos">
      <div className="bo-panel bo-filters">
        <SelectField label="Mostrar" value={status} onChange={(event) => setParams(event.currentTarget.value === 'open' ? {} : { status: event.currentTarget.value })}>
          {(Object.keys(STATUS_LABELS) as AdminReportStatus[]).map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {reports.isPending ? <Spinner /> : null}
      {reports.isError ? <FormAlert tone="error">{errorMessage(reports.error)}</FormAlert> : null}
      {reports.data?.reports.length === 0 ? <p className="bo-panel">{status === 'open' ? 'No hay reportes por revisar.' : 'No hay reportes aquí.'}</p> : null}
      <ul className="bo-cards" aria-label={STATUS_LABELS[status]}>
        {reports.data?.reports.map((r) => (
          <li key={r.id} className="bo-panel bo-report">
            <h2>
              Reporte {r.id}: {r.reasonLabel}
            </h2>
            <p>
              {dateTime(r.createdAt)} · memorial de{' '}
              <a href={r.memorial.guestUrl} target="_blank" rel="noreferrer">
                {r.memorial.fullname}
              </a>{' '}
              ({r.memorial.type === 'P' ? 'privado' : 'público'})
              {r.otherOpenReports > 0 ? ` · ${r.otherOpenReports} reporte${r.otherOpenReports === 1 ? '' : 's'} más de este recuerdo` : ''}
            </p>
            {r.details ? <p>Detalle del visitante: «{r.details}»</p> : null}
            <div className="bo-report__memory">
              {r.post.path ? (
                r.post.path.endsWith('.mp4') ? (
                  <video src={r.post.path} controls preload="metadata" aria-label={`Video de ${r.post.authorName}`} />
                ) : (
                  <img src={r.post.path} alt={`Foto reportada, publicada por ${r.post.authorName}`} />
                )
              ) : null}
              <div>
                <p>
                  <strong>{r.post.authorKind === 'owner' ? 'Publicado por la familia' : `De ${r.post.authorName}`}</strong>
                  {r.post.hidden ? (
                    <>
                      {' '}
                      <Badge tone="danger">Oculto</Badge>
                    </>
                  ) : null}
                </p>
                <p>{r.post.text || '(sin texto)'}</p>
              </div>
            </div>
            {r.status === 'open' ? (
              <div className="bo-head__actions">
                <Button variant="danger" onClick={() => setActing({ report: r, action: 'hide' })}>
                  Ocultar recuerdo del reporte {r.id}
                </Button>
                <Button variant="secondary" onClick={() => setActing({ report: r, action: 'dismiss' })}>
                  Descartar reporte {r.id}
                </Button>
              </div>
            ) : (
              <p>
                {r.status === 'hidden' ? 'Ocultado' : 'Descartado'} por {r.resolvedBy} el {dateTime(r.resolvedAt)}
                {r.resolution ? `: «${r.resolution}»` : ''}
              </p>
            )}
          </li>
        ))}
      </ul>
      {acting?.action === 'hide' ? <HideDialog report={acting.report} onClose={() => setActing(null)} /> : null}
      {acting?.action === 'dismiss' ? <DismissDialog report={acting.report} onClose={() => setActing(null)} /> : null}
    </AdminPage>
  );
}

function HideDialog({ report, onClose }: { report: AdminReport; onClose: () => void }) {
  const hide = useHideReported();
  const form = useZodForm(hidePostSchema, { defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((values) =>
    hide.mutate({ id: report.id, reason: values.reason }, toastAnswer(onClose)),
  );
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!hide.isPending}
      title="Ocultar este recuerdo"
      footer={
        <>
          <Button variant="secondary" disabled={hide.isPending} onClick={onClose}>
            Cancelar
          </Button>
          <Button variant="danger" type="submit" form="hide-form" loading={hide.isPending}>
            Ocultar y avisar a la familia
          </Button>
        </>
      }
    >
      <form id="hide-form" className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p>Nadie más que la familia lo verá. No se borra. Le escribiremos a la familia con el motivo que escribas aquí.</p>
        <FormTextArea form={form} name="reason" label="Motivo (lo leerá la familia)" rows={4} />
        {hide.isError ? <FormAlert tone="error">{errorMessage(hide.error)}</FormAlert> : null}
      </form>
    </Modal>
  );
}

function DismissDialog({ report, onClose }: { report: AdminReport; onClose: () => void }) {
  const dismiss = useDismissReport();
  const form = useZodForm(dismissReportSchema, { defaultValues: { note: '' } });
  const onSubmit = form.handleSubmit((values) =>
    dismiss.mutate({ id: report.id, note: values.note }, toastAnswer(onClose)),
  );
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!dismiss.isPending}
      title="Descartar el reporte"
      footer={
        <>
          <Button variant="secondary" disabled={dismiss.isPending} onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form="dismiss-form" loading={dismiss.isPending}>
            Descartar reporte
          </Button>
        </>
      }
    >
      <form id="dismiss-form" className="bo-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p>El recuerdo sigue visible. Puedes dejar una nota interna.</p>
        <FormTextArea form={form} name="note" label="Nota interna (opcional)" rows={3} />
        {dismiss.isError ? <FormAlert tone="error">{errorMessage(dismiss.error)}</FormAlert> : null}
      </form>
    </Modal>
  );
}
