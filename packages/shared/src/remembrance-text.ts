// What the guest page shows of the ceremonies and reminders (issue 14 §1, §2), without the forms'
// schemas (remembrance.ts): the guest bundle and the owner's home import this and must not pull zod
// in (issue 27 §2). The forms' Spanish messages live here too, so a page can say them without zod.
import { dateParts } from './dates';
import { postDate } from './format';
import { whatsappUrl, withAccessCode } from './share';

export const EVENT_KINDS = {
  velorio: 'Velorio',
  'misa-cuerpo-presente': 'Misa de cuerpo presente',
  entierro: 'Entierro',
  cremacion: 'Cremación',
  'misa-30': 'Misa de 30 días',
  'misa-honras': 'Misa de honras (al año)',
  otro: 'Otra ceremonia',
} as const;
export type EventKind = keyof typeof EVENT_KINDS;
export const EVENT_KIND_KEYS = Object.keys(EVENT_KINDS) as [EventKind, ...EventKind[]];

/** An event as the API gives it. */
export interface MemorialEvent {
  id: number;
  kind: EventKind;
  /** The kind's name, or the family's own for 'otro' (or as a name they gave it). */
  name: string;
  title: string;
  date: string;
  /** 'HH:MM' or ''. */
  time: string;
  place: string;
  mapUrl: string;
  /** Its day is before Lima's today: folded away on the guest page. */
  past: boolean;
}

export function eventName(kind: EventKind, title: string): string {
  return title !== '' ? title : EVENT_KINDS[kind];
}

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;

/** 'sábado 28 de noviembre del 2026': the posts' date (spec §2 'day de month-name del year') after the weekday. */
export function longDate(date: string): string {
  const parts = dateParts(date);
  if (!parts) return date;
  const weekday = WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()] ?? '';
  return `${weekday} ${postDate(date)}`;
}

/** 'sábado 28 de noviembre del 2026, 19:30' */
export function eventWhen(event: Pick<MemorialEvent, 'date' | 'time'>): string {
  return event.time ? `${longDate(event.date)}, ${event.time}` : longDate(event.date);
}

/** The WhatsApp message for one ceremony; with the access code when the family chose to send it (issue 28 §1). */
export function eventShareText(fullname: string, event: Pick<MemorialEvent, 'name' | 'date' | 'time' | 'place'>, link: string, accessCode?: string): string {
  return withAccessCode(`${event.name} de ${fullname}: ${eventWhen(event)}, en ${event.place}. Acompáñanos. Memorial: ${link}`, accessCode);
}

export function eventWhatsappUrl(fullname: string, event: Pick<MemorialEvent, 'name' | 'date' | 'time' | 'place'>, link: string, accessCode?: string): string {
  return whatsappUrl(eventShareText(fullname, event, link, accessCode));
}

/** The consent a subscriber gives (Ley N.° 29733): purpose, how long the address is kept, how to withdraw. */
export function reminderConsentText(fullname: string): string {
  return (
    `Autorizo a Recuerdos a usar mi correo solo para enviarme recordatorios de las fechas de ${fullname}: ` +
    'su cumpleaños, el aniversario de su partida, el 1 y 2 de noviembre y las ceremonias que publique la familia. ' +
    'Guardarán mi correo mientras reciba los recordatorios (si no confirmo en 7 días, lo borran) y lo borrarán cuando me dé de baja ' +
    'con el enlace que trae cada correo. Puedo ejercer mis derechos de acceso, rectificación, cancelación y oposición (Ley N.° 29733).'
  );
}

export const EVENT_LIMITS = { titleMax: 80, placeMax: 160, mapUrlMax: 500, perMemorial: 30 } as const;

export const EVENT_MESSAGES = {
  kindRequired: 'Elige la ceremonia',
  titleRequired: 'Escribe el nombre de la ceremonia',
  titleMax: `El nombre puede tener hasta ${EVENT_LIMITS.titleMax} caracteres`,
  dateRequired: 'Elige la fecha de la ceremonia',
  dateInvalid: 'La fecha no es válida',
  timeInvalid: 'Escribe la hora como 19:30',
  placeRequired: 'Escribe el lugar de la ceremonia',
  placeMax: `El lugar puede tener hasta ${EVENT_LIMITS.placeMax} caracteres`,
  mapUrlInvalid: 'El enlace del mapa debe empezar con https://',
  tooMany: `Un memorial puede tener hasta ${EVENT_LIMITS.perMemorial} ceremonias`,
  notFound: 'No encontramos esta ceremonia',
  saved: 'Ceremonia guardada',
  deleted: 'Ceremonia eliminada',
} as const;

export const REMINDER_MESSAGES = {
  consentRequired: 'Para enviarte recordatorios necesitamos tu autorización',
  requested: 'Te enviamos un correo. Ábrelo y confirma para empezar a recibir los recordatorios',
  confirmed: 'Listo. Te recordaremos las fechas de',
  confirmInvalid: 'Este enlace de confirmación no es válido o ya venció. Vuelve a pedir los recordatorios desde el memorial',
  unsubscribed: 'Listo. Ya no recibirás recordatorios de este memorial',
  unsubscribeInvalid: 'Este enlace para darte de baja no es válido',
  off: 'La familia desactivó los recordatorios de este memorial',
  tooMany: 'Ya pediste recordatorios hace poco. Revisa tu correo o inténtalo más tarde',
  settingsSaved: 'Recordatorios actualizados',
} as const;

/**
 * The one-button page of a reminder's "stop" links: the web's /recordatorios/baja (the e-mail's link)
 * and the server's page at the List-Unsubscribe address (what a person or an older mail client opens).
 */
export const UNSUBSCRIBE_PAGE = {
  title: '¿Dejar de recibir recordatorios?',
  lead: 'Ya no te escribiremos en las fechas de este memorial, y borraremos tu correo de su lista.',
  button: 'Dejar de recibir recordatorios',
  doneTitle: 'Listo',
  doneText: 'Borramos tu correo de la lista de este memorial. Si algún día quieres volver a recibirlos, puedes pedirlos desde el memorial.',
  goneTitle: 'Ya no recibes estos recordatorios',
  goneText: 'Tu correo ya no está en la lista de este memorial. Si algún día quieres volver a recibirlos, puedes pedirlos desde el memorial.',
  invalidTitle: 'No pudimos abrir este enlace',
  invalidText: 'Revisa que el enlace esté completo, o usa el de «Dejar de recibir estos recordatorios» al pie de cualquiera de nuestros correos.',
} as const;

// --- The funeral phase (issue 30 §4) ----------------------------------------------------------

/** The phase lasts until this many days after the last rite, unless the family ends it first. */
export const FUNERAL_PHASE_DAYS = 30;

/** The discreet line on the QR page, the card and the e-mail while the phase lasts. */
export function funeralLine(partner: string): string {
  return `Con el acompañamiento de ${partner}`;
}

export const FUNERAL_PHASE_MESSAGES = {
  ended: 'Listo: tu memorial ya no muestra a la funeraria',
  notActive: 'Este memorial ya no está en la etapa del funeral',
} as const;

/** The owner's view of the phase (GET /api/events/list): null when there is none. */
export interface FuneralPhase {
  partner: string;
  /** The last Lima day of the phase, 'YYYY-MM-DD'. */
  until: string;
}
