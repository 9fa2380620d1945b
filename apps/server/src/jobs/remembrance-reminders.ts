// Remembrance reminders (issue 14 §1, §2), each morning in Lima: to everyone subscribed to a memorial
// whose reminders are on, one gentle e-mail on its birthday, on the anniversary of the death and on
// 1 November (Todos los Santos, with 2 November, Día de los Difuntos, the day after), and the day
// before each ceremony the family announced. Each subscriber gets each occasion once, however many
// times or on however many instances the job runs: the delivery row and the e-mail are written in
// one transaction, and the delivery's primary key refuses a second. The evening run sends what the
// morning one could not: ceremonies of the next day announced during the day, and the day's dates
// to those who subscribed since. Unconfirmed requests older than 7 days are deleted with their addresses.
import { dateParts, limaDate } from '@recuerdos/shared/dates';
import { eventName, eventWhen, type EventKind } from '@recuerdos/shared/remembrance';
import type { AppContext } from '../context';
import type { Memorial } from '../db/schema';
import { composeMail } from '../mail/layout';
import { CONFIRM_WITHIN_MS, unsubscribeLinks } from '../modules/remembrance/reminders.service';
import { guestLink } from '../modules/remembrance/events.service';
import { reminderRecipients, type EventRow, type Subscriber } from '../modules/remembrance/remembrance.repository';
import { HOUR_MS, type JobDef } from './job';

interface Occasion {
  key: string;
  subject: string;
  paragraphs: string[];
  details?: { label: string; value: string }[];
}

function addDays(date: string, days: number): string {
  const parts = dateParts(date);
  if (!parts) return date;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days)).toISOString().slice(0, 10);
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Whether a yearly date (a birth or death date) falls on `today`; 29 February on the 28th in other years. */
export function fallsOn(date: string | null, today: string): number | null {
  const parts = date ? dateParts(date) : null;
  const now = dateParts(today);
  if (!parts || !now || parts.year >= now.year) return null;
  const same = parts.month === now.month && parts.day === now.day;
  const leapDay = parts.month === 2 && parts.day === 29 && !isLeap(now.year) && now.month === 2 && now.day === 28;
  return same || leapDay ? now.year - parts.year : null;
}

function yearsText(years: number): string {
  return years === 1 ? '1 año' : `${years} años`;
}

/** The yearly occasions of a memorial today. */
export function yearlyOccasions(memorial: Pick<Memorial, 'fullname' | 'birthdate' | 'deathdate'>, today: string): Occasion[] {
  const year = today.slice(0, 4);
  const name = memorial.fullname;
  const occasions: Occasion[] = [];
  const born = fallsOn(memorial.birthdate, today);
  if (born !== null) {
    occasions.push({
      key: `birthday:${year}`,
      subject: `Hoy recordamos el cumpleaños de ${name}`,
      paragraphs: [`Hoy ${name} cumpliría ${yearsText(born)}.`, 'Es un buen día para recordar su risa, encenderle una vela o dejarle unas palabras en su memorial.'],
    });
  }
  const gone = fallsOn(memorial.deathdate, today);
  if (gone !== null) {
    occasions.push({
      key: `anniversary:${year}`,
      subject: `Hoy se cumple${gone === 1 ? '' : 'n'} ${yearsText(gone)} de la partida de ${name}`,
      paragraphs: [`Hoy se cumple${gone === 1 ? '' : 'n'} ${yearsText(gone)} desde que ${name} partió.`, 'Su recuerdo sigue con nosotros. Si lo deseas, visita su memorial y enciéndele una vela.'],
    });
  }
  if (today.slice(5) === '11-01') {
    occasions.push({
      key: `difuntos:${year}`,
      subject: `Todos los Santos: recordamos a ${name}`,
      paragraphs: [
        `Hoy, Día de Todos los Santos, y mañana, Día de los Difuntos, muchas familias visitan a quienes aman. Recordamos contigo a ${name}.`,
        'Si no puedes ir al cementerio, puedes encenderle una vela o dejarle flores en su memorial.',
      ],
    });
  }
  return occasions;
}

export function eventOccasion(fullname: string, event: EventRow): Occasion {
  const name = eventName(event.kind as EventKind, event.title);
  const details = [
    { label: 'Cuándo', value: eventWhen(event) },
    { label: 'Dónde', value: event.place },
    ...(event.mapUrl ? [{ label: 'Mapa', value: event.mapUrl }] : []),
  ];
  return {
    key: `event:${event.id}:${event.date}`,
    subject: `Mañana: ${name} de ${fullname}`,
    paragraphs: [`Te recordamos que mañana es la ceremonia «${name}» de ${fullname}. La familia agradece tu compañía.`],
    details,
  };
}

async function sendOccasions(ctx: AppContext, memorial: Memorial, subscriber: Subscriber, occasions: Occasion[], now: Date): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const fresh: Occasion[] = [];
    for (const occasion of occasions) {
      const inserted = await trx
        .insertInto('reminderDeliveries')
        .values({ subscriptionId: subscriber.id, occasion: occasion.key, sentAt: now.toISOString() })
        .onConflict((oc) => oc.columns(['subscriptionId', 'occasion']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) fresh.push(occasion);
    }
    const [first] = fresh;
    if (!first) return false;
    const links = unsubscribeLinks(ctx, subscriber.id);
    const photo = memorial.type === 'U' ? ctx.mediaLinks.of(memorial)(memorial.photoKey) : '';
    await ctx.mail.queue(
      composeMail({
        to: subscriber.email,
        kind: 'remembrance-reminder',
        subject: first.subject,
        greeting: 'Hola:',
        paragraphs: fresh.flatMap((occasion) => occasion.paragraphs),
        details: fresh.flatMap((occasion) => occasion.details ?? []),
        action: { label: 'Visitar su memorial', url: guestLink(ctx, memorial) },
        ...(photo ? { image: { url: `${ctx.config.publicUrl}${photo}`, alt: `Foto de ${memorial.fullname}` } } : {}),
        footnote: `Recibes este correo porque pediste recordatorios de las fechas de ${memorial.fullname}.`,
        unsubscribe: links.page,
        headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      }),
      trx,
    );
    return true;
  });
}

export async function runRemembranceReminders(ctx: AppContext, now: Date): Promise<{ sent: number; expired: number }> {
  const expired = await ctx.db
    .deleteFrom('reminderSubscriptions')
    .where('state', '=', 'pending')
    .where('requestedAt', '<', new Date(now.getTime() - CONFIRM_WITHIN_MS).toISOString())
    .executeTakeFirst();

  const today = limaDate(now);
  const tomorrow = addDays(today, 1);

  const eventsTomorrow = await ctx.db
    .selectFrom('memorialEvents')
    .select(['id', 'memorialId', 'kind', 'title', 'date', 'time', 'place', 'mapUrl'])
    .where('date', '=', tomorrow)
    .execute();
  const memorialIds = new Set(eventsTomorrow.map((event) => event.memorialId));

  let query = ctx.db
    .selectFrom('memorials')
    .selectAll()
    .where('flagReminders', '=', 1)
    .where((eb) => eb.exists(eb.selectFrom('reminderSubscriptions').select('id').whereRef('reminderSubscriptions.memorialId', '=', 'memorials.id').where('state', '=', 'confirmed')));
  if (today.slice(5) !== '11-01') {
    const monthDay = today.slice(5);
    const leapDay = today.slice(5) === '02-28';
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('substr', ['birthdate', eb.val(6), eb.val(5)]), 'in', leapDay ? [monthDay, '02-29'] : [monthDay]),
        eb(eb.fn('substr', ['deathdate', eb.val(6), eb.val(5)]), 'in', leapDay ? [monthDay, '02-29'] : [monthDay]),
        ...(memorialIds.size > 0 ? [eb('id', 'in', [...memorialIds])] : []),
      ]),
    );
  }
  const memorials = await query.orderBy('id').execute();

  let sent = 0;
  for (const memorial of memorials) {
    const occasions = [
      ...yearlyOccasions(memorial, today),
      ...eventsTomorrow.filter((event) => event.memorialId === memorial.id).map((event) => eventOccasion(memorial.fullname, event)),
    ];
    if (occasions.length === 0) continue;
    // On a private memorial, only those who still hold access (decision 023): one who asked the
    // moment the code changed and slipped past its clean-up gets nothing.
    const subscribers = await reminderRecipients(ctx.db, memorial);
    for (const subscriber of subscribers) {
      if (await sendOccasions(ctx, memorial, subscriber, occasions, now)) sent += 1;
    }
  }
  return { sent, expired: Number(expired.numDeletedRows) };
}

export const remembranceRemindersJob: JobDef = {
  name: 'remembrance-reminders',
  // 08:00 and 18:00 in Lima (UTC−5): the morning run sends the day's dates and the next day's
  // ceremonies; the evening one what was added since.
  cron: '0 13,23 * * *',
  summary: 'Reminders of birthdays, death anniversaries, 1 November and next-day ceremonies to subscribers',
  catchUpMs: 4 * HOUR_MS,
  run: ({ ctx, now }) => runRemembranceReminders(ctx, now),
};
