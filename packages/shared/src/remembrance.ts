// Remembrance dates and the rites (issue 14 §1, §2): the kinds of events a family announces, the
// forms' schemas with their Spanish messages, how an event reads in Spanish (on the page, in an
// e-mail, in a WhatsApp message), and the consent a reminder subscription asks for (Ley 29733).
// Dates are Lima's: 'YYYY-MM-DD' and 'HH:MM' as the family typed them (Peru has no daylight saving).
import { z } from './zod';
import { emailField, identifierField, optionalText, requiredText } from './fields';
import { dateParts, daysInMonth } from './dates';
import { EVENT_KIND_KEYS, EVENT_LIMITS, EVENT_MESSAGES, REMINDER_MESSAGES } from './remembrance-text';
import { cleanLine } from './text';

export * from './remembrance-text';

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
    // Cleaned as the place is (text.ts): it reaches the .ics, the QR page, WhatsApp and e-mails.
    title: optionalText().pipe(z.string().overwrite(cleanLine).trim().max(EVENT_LIMITS.titleMax, EVENT_MESSAGES.titleMax)),
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

// --- The funeral phase (issue 30 §4) ----------------------------------------------------------

export const endFuneralPhaseSchema = z.object({ identifier: identifierField });

// --- Reminders -------------------------------------------------------------------------------

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
