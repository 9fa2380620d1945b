// The owner's panel "Solicitudes de acceso" (issue 29 §2): the requests of relatives without the code
// (let in with a personal link, decline with or without a gentle line, block the address), the
// people who have a personal link (take it back: it stops at once), and the blocked addresses. The
// request e-mail's "Responder" link lands here (#solicitudes-de-acceso).
import { useEffect, useRef, useState } from 'react';
import type { AccessGrantItem, AccessRequestItem } from '@recuerdos/shared/access-requests';
import type { OwnerPersonData } from '@recuerdos/shared/api-types';
import { limaDate } from '@recuerdos/shared/dates';
import { postDate } from '@recuerdos/shared/format';
import { Button } from '../../../components/button';
import { FormDialog } from '../../../components/form-dialog';
import { showToast } from '../../../components/toast';
import { reportFailure } from '../../../lib/failure';
import { useAccessRequests, useAnswerAccess, type AccessAnswer } from '../api/access-requests';
import './access-requests-panel.css';

const dayOf = (iso: string) => postDate(limaDate(new Date(iso)));

function DeclineDialog({ request, sending, onClose, onDecline }: { request: AccessRequestItem; sending: boolean; onClose: () => void; onDecline: (notify: boolean) => void }) {
  const [notify, setNotify] = useState(false);
  return (
    <FormDialog title="Rechazar la solicitud" formId="decline-access-form" submitLabel="Rechazar" sending={sending} onClose={onClose} onSubmit={() => onDecline(notify)}>
      <p>
        Borraremos la solicitud de {request.name} con sus datos. Si no eliges avisarle, no le enviaremos nada.
      </p>
      <div className="choice">
        <input id="decline-access-notify" type="checkbox" className="choice__input" checked={notify} onChange={(event) => setNotify(event.currentTarget.checked)} />
        <label htmlFor="decline-access-notify" className="choice__label">
          Enviarle un mensaje amable: «La familia prefiere mantener su memorial solo para quienes tienen el código. Gracias por recordarle con cariño.»
        </label>
      </div>
    </FormDialog>
  );
}

function RevokeDialog({ grant, sending, onClose, onRevoke }: { grant: AccessGrantItem; sending: boolean; onClose: () => void; onRevoke: () => void }) {
  return (
    <FormDialog title="Quitar el acceso" formId="revoke-access-form" submitLabel="Quitar acceso" sending={sending} onClose={onClose} onSubmit={onRevoke}>
      <p>
        El enlace personal de {grant.name} dejará de funcionar ahora mismo, también si tiene el memorial abierto. No le enviaremos ningún aviso.
      </p>
    </FormDialog>
  );
}

export function AccessRequestsPanel({ person }: { person: OwnerPersonData }) {
  const list = useAccessRequests();
  const answer = useAnswerAccess();
  const [declining, setDeclining] = useState<AccessRequestItem | null>(null);
  const [revoking, setRevoking] = useState<AccessGrantItem | null>(null);
  const panel = useRef<HTMLElement>(null);

  // Opened from the request e-mail's link: bring the panel into view once its data is there.
  const loaded = list.isSuccess;
  useEffect(() => {
    if (loaded && window.location.hash === '#solicitudes-de-acceso') panel.current?.focus();
  }, [loaded]);

  const data = list.data;
  const anything = data ? data.requests.length + data.grants.length + data.blocked.length > 0 : false;
  // A public memorial needs no code: the panel shows there only while it still holds something.
  if (person.type !== 'P' && !anything) return null;

  const send = (value: AccessAnswer, done?: () => void) =>
    answer.mutate(value, {
      onSuccess: (message) => {
        showToast('success', message);
        done?.();
      },
      onError: (err) => reportFailure('No pudimos guardar tu respuesta', err),
    });

  return (
    <section ref={panel} className="home-panel access-requests" id="solicitudes-de-acceso" tabIndex={-1} aria-labelledby="access-requests-title">
      <h2 id="access-requests-title" className="home-panel__title">
        Solicitudes de acceso
      </h2>
      <p className="access-requests__intro">
        Quien no tiene el código puede pedírtelo desde el memorial. Si le das acceso, le enviamos por correo un enlace personal que abre el memorial sin el código; puedes quitárselo cuando quieras.
      </p>
      {list.isPending ? (
        <p className="access-requests__empty">Cargando las solicitudes…</p>
      ) : list.isError || !data ? (
        <p className="access-requests__empty" role="alert">
          No pudimos cargar las solicitudes.{' '}
          <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
            Reintentar
          </Button>
        </p>
      ) : (
        <>
          {data.requests.length === 0 ? (
            <p className="access-requests__empty">No tienes solicitudes pendientes.</p>
          ) : (
            <ul className="access-requests__list" aria-label="Solicitudes pendientes">
              {data.requests.map((request) => (
                <li key={request.id} className="access-request">
                  <p className="access-request__name">{request.name}</p>
                  <p className="access-request__meta">
                    {request.email} · {dayOf(request.date)}
                  </p>
                  {request.message ? <p className="access-request__message">«{request.message}»</p> : null}
                  <div className="access-request__actions">
                    <Button size="sm" disabled={answer.isPending} onClick={() => send({ action: 'approve', request: request.id })} aria-label={`Dar acceso a ${request.name}`}>
                      Dar acceso
                    </Button>
                    <Button size="sm" variant="secondary" disabled={answer.isPending} onClick={() => setDeclining(request)} aria-label={`Rechazar la solicitud de ${request.name}`}>
                      Rechazar
                    </Button>
                    <Button size="sm" variant="ghost" disabled={answer.isPending} onClick={() => send({ action: 'block', request: request.id })} aria-label={`Bloquear el correo ${request.email}`}>
                      Bloquear correo
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <h3 className="access-requests__subtitle">Personas con enlace personal</h3>
          {data.grants.length === 0 ? (
            <p className="access-requests__empty">Aún nadie tiene un enlace personal.</p>
          ) : (
            <ul className="access-requests__list" aria-label="Personas con enlace personal">
              {data.grants.map((grant) => (
                <li key={grant.id} className="access-request access-request--granted">
                  <p className="access-request__name">{grant.name}</p>
                  <p className="access-request__meta">
                    {grant.email} · {grant.lastOpened ? `abrió su enlace el ${dayOf(grant.lastOpened)}` : 'aún no abre su enlace'}
                  </p>
                  <div className="access-request__actions">
                    <Button size="sm" variant="secondary" disabled={answer.isPending} onClick={() => setRevoking(grant)} aria-label={`Quitar el acceso de ${grant.name}`}>
                      Quitar acceso
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {data.blocked.length > 0 ? (
            <>
              <h3 className="access-requests__subtitle">Correos bloqueados</h3>
              <ul className="access-requests__list" aria-label="Correos bloqueados">
                {data.blocked.map((block) => (
                  <li key={block.id} className="access-request access-request--blocked">
                    <p className="access-request__meta">{block.email}</p>
                    <Button size="sm" variant="ghost" disabled={answer.isPending} onClick={() => send({ action: 'unblock', block: block.id })} aria-label={`Desbloquear el correo ${block.email}`}>
                      Desbloquear
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      {declining ? (
        <DeclineDialog
          request={declining}
          sending={answer.isPending}
          onClose={() => setDeclining(null)}
          onDecline={(notify) => send({ action: 'decline', request: declining.id, notify }, () => setDeclining(null))}
        />
      ) : null}
      {revoking ? (
        <RevokeDialog grant={revoking} sending={answer.isPending} onClose={() => setRevoking(null)} onRevoke={() => send({ action: 'revoke', grant: revoking.id }, () => setRevoking(null))} />
      ) : null}
    </section>
  );
}
