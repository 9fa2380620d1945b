// The owner's side panel "Ceremonias y recordatorios" (issue 14 §1, §2): the ceremonies the family
// announces (velorio, misa de cuerpo presente, entierro or cremación, misa de 30 días, misa de
// honras, or their own), each shared by WhatsApp; past ones listed apart; and the switch that lets
// family and visitors ask for e-mail reminders of the dates, with how many receive them. While any
// is upcoming, `UpcomingCeremonies` gives them a place near the top of the home (issue 28 §10).
import { Suspense, useEffect, useRef, useState } from 'react';
import { eventWhatsappUrl, eventWhen, funeralLine, REMINDER_MESSAGES, reminderConsentText, type MemorialEvent } from '@recuerdos/shared/remembrance-text';
import type { OwnerPersonData } from '@recuerdos/shared/api-types';
import { sharedAccessCode } from '@recuerdos/shared/share';
import { Button } from '../../../components/button';
import { WhatsAppIcon } from '../../../components/icons';
import { showToast } from '../../../components/toast';
import { guestLink } from '../../../lib/account/guest-link';
import { reportFailure } from '../../../lib/failure';
import { bringIntoSight } from '../../../lib/bring-into-sight';
import { lazyTool, usePreloadWhenIdle } from '../../../lib/lazy-tool';
import { useEvents, useFuneralPhase, useReminderSettings, useSubscribeMyself, useUpdateReminderSettings } from '../api/events';
import { postDate } from '@recuerdos/shared/format';
import './ceremonies-panel.css';

// The add/edit form (with zod) and the delete dialog load when a finger or the keyboard reaches the
// panel's buttons, or when idle after the owner's first gesture (issue 27 §2).
const eventDialog = lazyTool(() => import('./ceremony-dialogs'), (module) => module.EventDialog);
const deleteEventDialog = lazyTool(() => import('./ceremony-dialogs'), (module) => module.DeleteEventDialog);
const endFuneralDialog = lazyTool(() => import('./ceremony-dialogs'), (module) => module.EndFuneralPhaseDialog);
const reachDialogs = () => void eventDialog.preload().catch(() => undefined);

/**
 * The funeral phase (issue 30 §4): while it lasts, the memorial shows the ceremonies first with the
 * funeral home's line; the family may end it before its day, after a confirmation.
 */
function FuneralPhaseNote({ onEnd }: { onEnd: (partner: string) => void }) {
  const phase = useFuneralPhase();
  if (!phase.data) return null;
  const { partner, until } = phase.data;
  return (
    <div className="ceremonies-panel__funeral">
      <p className="muted">
        Hasta el {postDate(until)}, el memorial muestra primero las ceremonias y la línea «{funeralLine(partner)}». Después será solo el memorial de tu familia.
      </p>
      <Button variant="ghost" size="sm" onClick={() => onEnd(partner)}>
        Quitar a la funeraria ahora
      </Button>
    </div>
  );
}

interface EventItemProps {
  event: MemorialEvent;
  /** Set (a new number each time) when just saved: brought to the middle of the screen, clear of the toast at the bottom (issue 28 §14). */
  savedTimes: number;
  fullname: string;
  link: string;
  /** Sent along when the family chose so (issue 28 §1). */
  accessCode: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
}

function EventItem({ event, savedTimes, fullname, link, accessCode, onEdit, onDelete }: EventItemProps) {
  const justSaved = savedTimes > 0;
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!justSaved) return;
    // After the dialog has closed and given focus back to its opener (which may scroll).
    const frame = window.requestAnimationFrame(() => bringIntoSight(ref.current, 'center'));
    return () => window.cancelAnimationFrame(frame);
  }, [justSaved, savedTimes]);
  return (
    <li ref={ref} className={['owner-ceremony', event.past ? 'owner-ceremony--past' : '', justSaved ? 'owner-ceremony--saved' : ''].filter(Boolean).join(' ')}>
      <p className="owner-ceremony__name">{event.name}</p>
      <p className="owner-ceremony__when">{eventWhen(event)}</p>
      <p className="owner-ceremony__place">{event.place}</p>
      <div className="owner-ceremony__actions">
        {event.past ? null : (
          <a className="owner-ceremony__share" href={eventWhatsappUrl(fullname, event, link, accessCode)} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon />
            <span>Compartir por WhatsApp</span>
          </a>
        )}
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Editar ${event.name}`}>
          Editar
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Eliminar ${event.name}`}>
          Eliminar
        </Button>
      </div>
    </li>
  );
}

function ReminderSwitch({ fullname }: { fullname: string }) {
  const settings = useReminderSettings();
  const update = useUpdateReminderSettings();
  const myself = useSubscribeMyself();
  const [consenting, setConsenting] = useState(false);
  if (!settings.data) return null;
  const { enabled, subscribers } = settings.data;
  return (
    <div className="ceremonies-panel__reminders">
      <div className="choice">
        <input
          id="reminders-enabled"
          type="checkbox"
          className="choice__input"
          checked={update.isPending ? update.variables : enabled}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(event.currentTarget.checked, {
              onSuccess: () => showToast('success', REMINDER_MESSAGES.settingsSaved),
              onError: (error) => reportFailure('No pudimos guardar el cambio', error),
            })
          }
        />
        <label htmlFor="reminders-enabled" className="choice__label">
          Familiares y visitantes pueden pedir recordatorios por correo de sus fechas
        </label>
      </div>
      <p className="muted">
        {subscribers === 0 ? 'Nadie recibe recordatorios todavía.' : subscribers === 1 ? '1 persona recibe recordatorios.' : `${subscribers} personas reciben recordatorios.`}
      </p>
      {enabled ? (
        consenting ? (
          <div className="ceremonies-panel__myself">
            <p className="muted">{reminderConsentText(fullname)}</p>
            <Button
              size="sm"
              loading={myself.isPending}
              onClick={() =>
                myself.mutate(undefined, {
                  onSuccess: (message) => {
                    showToast('success', message);
                    setConsenting(false);
                  },
                  onError: (error) => reportFailure('No pudimos pedir tus recordatorios', error),
                })
              }
            >
              Acepto, recordarme
            </Button>
          </div>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setConsenting(true)}>
            Recibir yo también los recordatorios
          </Button>
        )
      ) : null}
    </div>
  );
}

export function CeremoniesPanel({ person }: { person: OwnerPersonData }) {
  const events = useEvents();
  const [editing, setEditing] = useState<MemorialEvent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MemorialEvent | null>(null);
  const [endingFuneral, setEndingFuneral] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ id: number; times: number } | null>(null);
  usePreloadWhenIdle([eventDialog]);
  const link = guestLink(person.identifier);
  const list = events.data ?? [];
  const upcoming = list.filter((event) => !event.past);
  const past = list.filter((event) => event.past);
  const item = (event: MemorialEvent) => (
    <EventItem key={event.id} event={event} savedTimes={event.id === saved?.id ? saved.times : 0} fullname={person.fullname} link={link} accessCode={sharedAccessCode(person)} onEdit={() => setEditing(event)} onDelete={() => setDeleting(event)} />
  );
  return (
    <section className="home-panel ceremonies-panel" id="ceremonias" tabIndex={-1} aria-labelledby="ceremonies-title" onPointerDown={reachDialogs} onFocus={reachDialogs}>
      <h2 id="ceremonies-title" className="home-panel__title">
        Ceremonias y recordatorios
      </h2>
      <p className="muted">Anuncia el velorio, la misa o el entierro: se muestran en el memorial y quienes pidieron recordatorios reciben un aviso el día anterior.</p>
      {events.isError ? (
        <div role="alert" className="ceremonies-panel__failed">
          <p>No pudimos cargar las ceremonias.</p>
          <Button variant="secondary" size="sm" onClick={() => void events.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : null}
      {upcoming.length > 0 ? <ul className="ceremonies-panel__list">{upcoming.map(item)}</ul> : null}
      {past.length > 0 ? (
        <>
          <h3 className="ceremonies-panel__subtitle">Pasadas</h3>
          <ul className="ceremonies-panel__list">{past.map(item)}</ul>
        </>
      ) : null}
      <Button variant="secondary" onClick={() => setEditing('new')}>
        Agregar una ceremonia
      </Button>
      <FuneralPhaseNote onEnd={setEndingFuneral} />
      <ReminderSwitch fullname={person.fullname} />
      <Suspense fallback={null}>
        {editing ? <eventDialog.Component editing={editing} onClose={() => setEditing(null)} onSaved={(id) => setSaved((last) => ({ id, times: (last?.times ?? 0) + 1 }))} /> : null}
        {deleting ? <deleteEventDialog.Component event={deleting} onClose={() => setDeleting(null)} /> : null}
        {endingFuneral ? <endFuneralDialog.Component partner={endingFuneral} onClose={() => setEndingFuneral(null)} /> : null}
      </Suspense>
    </section>
  );
}

/**
 * The upcoming ceremonies near the top of the home, under the profile (issue 28 §10): in the first
 * days they are the most urgent thing, and the full panel is the last block of a phone's home. Each
 * is shared from here; "Ver todas las ceremonias" takes the family to the panel.
 */
export function UpcomingCeremonies({ person }: { person: OwnerPersonData }) {
  const events = useEvents();
  const upcoming = (events.data ?? []).filter((event) => !event.past);
  if (upcoming.length === 0) return null;
  const link = guestLink(person.identifier);
  const showAll = () => {
    const panel = document.getElementById('ceremonias');
    if (!panel) return;
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ behavior: calm ? 'auto' : 'smooth', block: 'start' });
    panel.focus({ preventScroll: true });
  };
  return (
    <section className="upcoming-ceremonies" aria-labelledby="upcoming-ceremonies-title">
      <h2 id="upcoming-ceremonies-title" className="upcoming-ceremonies__title">
        {upcoming.length === 1 ? 'Próxima ceremonia' : 'Próximas ceremonias'}
      </h2>
      <ul className="upcoming-ceremonies__list">
        {upcoming.map((event) => (
          <li key={event.id} className="upcoming-ceremonies__item">
            <p className="owner-ceremony__name">{event.name}</p>
            <p className="upcoming-ceremonies__when">{eventWhen(event)}</p>
            <a
              className="owner-ceremony__share"
              href={eventWhatsappUrl(person.fullname, event, link, sharedAccessCode(person))}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsAppIcon />
              <span>Compartir por WhatsApp</span>
            </a>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" onClick={showAll}>
        Ver todas las ceremonias
      </Button>
    </section>
  );
}
