// Remembrance dates and the rites (issue 14 §1, §2): the kinds of events a family announces, the
// forms' schemas with their Spanish messages, how an event reads in Spanish (on the page, in an
// e-mail, in a WhatsApp message), and the consent a reminder subscription asks for (Ley 29733).
// Dates are Lima's: 'YYYY-MM-DD' and 'HH:MM' as the family typed them (Peru has no daylight saving).
import { z } from './zod';
import { emailField, identifierField, optionalText, requiredText } from './fields';
import { dateParts, daysInMonth } from './dates';
import { MONTH_NAMES } from './format';

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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isCalendarDate(text: string): boolean {
  const parts = dateParts(text);
  if (!parts || !ISO_DATE.test(text)) return false;
  return parts.year >= 1900 && parts.year <= 2200 && parts.month >= 1 && parts.month <= 12 && parts.day >= 1 && parts.day <= daysInMonth(parts.year, parts.month);
}

const mapUrlField = optionalText().pipe(
  z
    .string()
    .trim()
    .max(EVENT_LIMITS.mapUrlMax, EVENT_MESSAGES.mapUrlInvalid)
    .refine((value) => value === '' || /^https?:\/\/[^\s<>"]+\.[^\s<>"]+$/i.test(value), EVENT_MESSAGES.mapUrlInvalid),
);

/** The owner's form (also the body of POST /events/save with `identifier` and, to edit, `id`). */
export const eventFormSchema = z
  .object({
    kind: z.enum(EVENT_KIND_KEYS, { error: EVENT_MESSAGES.kindRequired }),
    title: optionalText().pipe(z.string().trim().max(EVENT_LIMITS.titleMax, EVENT_MESSAGES.titleMax)),
    date: requiredText(EVENT_MESSAGES.dateRequired).refine(isCalendarDate, EVENT_MESSAGES.dateInvalid),
    time: optionalText().pipe(z.string().trim().refine((value) => value === '' || TIME.test(value), EVENT_MESSAGES.timeInvalid)),
    place: requiredText(EVENT_MESSAGES.placeRequired).max(EVENT_LIMITS.placeMax, EVENT_MESSAGES.placeMax),
    mapUrl: mapUrlField,
  })
  .refine((value) => value.kind !== 'otro' || value.title !== '', { path: ['title'], message: EVENT_MESSAGES.titleRequired });
export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventFormValues = z.output<typeof eventFormSchema>;

export const saveEventSchema = z.intersection(
  eventFormSchema,
  z.object({ identifier: identifierField, id: z.coerce.number().int().positive().optional() }),
);
export const deleteEventSchema = z.object({ identifier: identifierField, id: z.coerce.number().int().positive({ error: EVENT_MESSAGES.notFound }) });

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

/** 'sábado 28 de noviembre de 2026' */
export function longDate(date: string): string {
  const parts = dateParts(date);
  if (!parts) return date;
  const weekday = WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()] ?? '';
  return `${weekday} ${parts.day} de ${(MONTH_NAMES[parts.month - 1] ?? '').toLowerCase()} de ${parts.year}`;
}

/** 'sábado 28 de noviembre de 2026, 19:30' */
export function eventWhen(event: Pick<MemorialEvent, 'date' | 'time'>): string {
  return event.time ? `${longDate(event.date)}, ${event.time}` : longDate(event.date);
}

/** The WhatsApp message for one ceremony. */
export function eventShareText(fullname: string, event: Pick<MemorialEvent, 'name' | 'date' | 'time' | 'place'>, link: string): string {
  return `${event.name} de ${fullname}: ${eventWhen(event)}, en ${event.place}. Acompáñanos. Memorial: ${link}`;
}

export function eventWhatsappUrl(fullname: string, event: Pick<MemorialEvent, 'name' | 'date' | 'time' | 'place'>, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(eventShareText(fullname, event, link))}`;
}

// --- Reminders -------------------------------------------------------------------------------

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

/** The consent a subscriber gives (Ley N.° 29733): purpose, how long the address is kept, how to withdraw. */
export function reminderConsentText(fullname: string): string {
  return (
    `Autorizo a Recuerdos a usar mi correo solo para enviarme recordatorios de las fechas de ${fullname}: ` +
    'su cumpleaños, el aniversario de su partida, el 1 y 2 de noviembre y las ceremonias que publique la familia. ' +
    'Guardarán mi correo mientras reciba los recordatorios (si no confirmo en 7 días, lo borran) y lo borrarán cuando me dé de baja ' +
    'con el enlace que trae cada correo. Puedo ejercer mis derechos de acceso, rectificación, cancelación y oposición (Ley N.° 29733).'
  );
}

export const reminderSubscribeSchema = z.object({
  id: identifierField,
  email: emailField(),
  consent: z.literal(true, { error: REMINDER_MESSAGES.consentRequired }),
});
export const reminderFormSchema = reminderSubscribeSchema.omit({ id: true });
export type ReminderFormInput = z.input<typeof reminderFormSchema>;

export const reminderTokenSchema = z.object({ token: z.string().trim().min(10, REMINDER_MESSAGES.confirmInvalid).max(200, REMINDER_MESSAGES.confirmInvalid) });
export const unsubscribeSchema = z.object({ s: z.string().trim().min(3, REMINDER_MESSAGES.unsubscribeInvalid).max(200, REMINDER_MESSAGES.unsubscribeInvalid) });
export const reminderSettingsSchema = z.object({ identifier: identifierField, enabled: z.boolean({ error: 'Elige si la familia recibe recordatorios' }) });

export interface ReminderSettings {
  enabled: boolean;
  /** Confirmed subscribers. */
  subscribers: number;
}
