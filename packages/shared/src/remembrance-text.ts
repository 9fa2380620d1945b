// What the guest page shows of the ceremonies and reminders (issue 14 §1, §2), without the forms'
// schemas (remembrance.ts): the guest bundle imports this and must not pull zod in.
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
