// The ceremonies a family announced and the memorial's dates (issue 14 §1, §2), above the memories:
// upcoming ceremonies with their place, map, "Añadir a mi calendario" and "Compartir por WhatsApp";
// past ones folded away; and the way to be reminded of the dates by e-mail or in one's calendar.
// Written against the React API that Preact's compat layer also has (the guest page).
import type { MouseEvent } from 'react';
import { PARTNER_LOGO } from '@recuerdos/shared/partner-logo';
import { eventWhatsappUrl, eventWhen, funeralLine, type MemorialEvent } from '@recuerdos/shared/remembrance-text';
import { WhatsAppIcon } from '../../../components/icons';
import { showToast } from '../../../components/toast';
import { downloadCalendar, eventCalendar, yearlyCalendar, type CalendarFile } from '../api/remembrance';

export const CALENDAR_FAILED = 'No pudimos preparar el archivo del calendario. Revisa tu conexión e inténtalo de nuevo.';

interface CalendarLinkProps {
  file: CalendarFile;
  filename: string;
  /** A private memorial's file needs the guest's code, sent in a header. */
  withCode: boolean;
  children: string;
}

function CalendarLink({ file, filename, withCode, children }: CalendarLinkProps) {
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!withCode) return;
    event.preventDefault();
    downloadCalendar(file, filename).catch(() => showToast('error', CALENDAR_FAILED));
  };
  return (
    <a className="ceremony__action" href={file.href} download={filename} onClick={download}>
      {children}
    </a>
  );
}

interface CeremonyProps {
  event: MemorialEvent;
  identifier: string;
  fullname: string;
  link: string;
  isPrivate: boolean;
}

function Ceremony({ event, identifier, fullname, link, isPrivate }: CeremonyProps) {
  return (
    <li className={`ceremony${event.past ? ' ceremony--past' : ''}`}>
      <h3 className="ceremony__name">{event.name}</h3>
      <p className="ceremony__when">
        <time dateTime={event.time ? `${event.date}T${event.time}` : event.date}>{eventWhen(event)}</time>
      </p>
      <p className="ceremony__place">{event.place}</p>
      {event.past ? null : (
        <p className="ceremony__actions">
          {event.mapUrl ? (
            <a className="ceremony__action" href={event.mapUrl} target="_blank" rel="noopener noreferrer">
              Ver el mapa
            </a>
          ) : null}
          <CalendarLink file={eventCalendar(identifier, event.id)} filename={`${event.kind}.ics`} withCode={isPrivate}>
            Añadir a mi calendario
          </CalendarLink>
          <a className="ceremony__action ceremony__action--whatsapp" href={eventWhatsappUrl(fullname, event, link)} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon />
            <span>Compartir por WhatsApp</span>
          </a>
        </p>
      )}
    </li>
  );
}

export interface CeremoniesProps {
  identifier: string;
  fullname: string;
  events: readonly MemorialEvent[];
  /** The absolute guest link. */
  link: string;
  isPrivate: boolean;
  /** Whether the family lets visitors ask for reminders. */
  reminders: boolean;
  onRemindMe: () => void;
  /** During the funeral phase (issue 30 §4): the funeral home, named in one discreet line. */
  accompaniedBy?: string | undefined;
  /** Its logo (`/media/<key>.webp`, PARTNER_LOGO's box), small beside the line; absent without one. */
  partnerLogo?: string | undefined;
}

export function Ceremonies({ identifier, fullname, events, link, isPrivate, reminders, onRemindMe, accompaniedBy, partnerLogo }: CeremoniesProps) {
  const upcoming = events.filter((event) => !event.past);
  const past = events.filter((event) => event.past);
  return (
    <section className="guest-section ceremonies" aria-labelledby="ceremonias">
      <h2 id="ceremonias" className="guest-section__title">
        {upcoming.length > 0 ? 'Ceremonias' : 'Fechas para recordar'}
      </h2>
      {accompaniedBy ? (
        <p className="ceremonies__partner">
          {/* At the top of the page during the phase, so not lazy; its box is fixed, so nothing shifts. */}
          {partnerLogo ? (
            <img className="ceremonies__logo" src={partnerLogo} width={PARTNER_LOGO.width / 2} height={PARTNER_LOGO.height / 2} alt={accompaniedBy} decoding="async" />
          ) : null}
          <span>{funeralLine(accompaniedBy)}</span>
        </p>
      ) : null}
      {upcoming.length > 0 ? (
        <ul className="ceremonies__list">
          {upcoming.map((event) => (
            <Ceremony key={event.id} event={event} identifier={identifier} fullname={fullname} link={link} isPrivate={isPrivate} />
          ))}
        </ul>
      ) : null}
      {past.length > 0 ? (
        <details className="ceremonies__past">
          <summary>Ceremonias pasadas ({past.length})</summary>
          <ul className="ceremonies__list">
            {past.map((event) => (
              <Ceremony key={event.id} event={event} identifier={identifier} fullname={fullname} link={link} isPrivate={isPrivate} />
            ))}
          </ul>
        </details>
      ) : null}
      <div className="ceremonies__remind">
        <p>Recuerda su cumpleaños, el aniversario de su partida y el 1 y 2 de noviembre{upcoming.length > 0 ? ', y recibe un aviso un día antes de cada ceremonia' : ''}.</p>
        <p className="ceremony__actions">
          {reminders ? (
            <button type="button" className="ceremony__action ceremony__action--button" onClick={onRemindMe}>
              Recordarme sus fechas por correo
            </button>
          ) : null}
          <CalendarLink file={yearlyCalendar(identifier)} filename="fechas.ics" withCode={isPrivate}>
            Añadir sus fechas a mi calendario
          </CalendarLink>
        </p>
      </div>
    </section>
  );
}
