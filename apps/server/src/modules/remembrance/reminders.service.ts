// Reminders of a memorial's dates by e-mail (issue 14 §1): whoever can see the memorial asks with
// their address and consent (Ley N.° 29733); a confirmation e-mail (double opt-in) turns the request
// into a subscription; every reminder carries a one-click way out (a link, and List-Unsubscribe with
// List-Unsubscribe-Post, RFC 8058, whose address shows a one-button page when opened) that deletes
// the address. Unconfirmed requests are deleted after 7 days by the reminders job. The owner can
// switch reminders off for the memorial; on a private one, a new access code ends the subscriptions
// asked with the old one (docs/decisions/023).
import { randomBytes } from 'node:crypto';
import { REMINDER_MESSAGES, reminderConsentText, type ReminderSettings } from '@recuerdos/shared/remembrance';
import { dateParts } from '@recuerdos/shared/dates';
import { mailboxOf } from '@recuerdos/shared/email';
import type { AppContext } from '../../context';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Memorial } from '../../db/schema';
import { accessMemorial, type Caller, type MemorialAccess } from '../../auth/memorial-access';
import { authorize, checkEmailParam } from '../../auth/permissions';
import { hashToken } from '../../auth/tokens';
import { AppError, forbidden } from '../../http/errors';
import { reserveAll } from '../../security/attempt-guard';
import { composeMail } from '../../mail/layout';
import { REMEMBRANCE_POLICY } from './remembrance.policy';
import { buildCalendar, yearlyRule, type IcsEvent } from './ics';
import { guestLink, uidHost } from './events.service';
import { deleteSubscriptionsWithoutAccess } from './remembrance.repository';

/** How long an unconfirmed request (and its address) is kept. */
export const CONFIRM_WITHIN_MS = 7 * 24 * 60 * 60_000;

/**
 * A stranger can type anyone's address: at most a few confirmation e-mails reach one inbox (per
 * memorial and in all; 'ana+1@…' and 'ana+2@…' are one inbox, see mailboxOf), and one connection
 * cannot ask for many.
 */
export const REMINDER_LIMITS = {
  perAddress: { max: 10, windowMs: 60 * 60_000 },
  perRecipientMemorial: { max: 3, windowMs: 24 * 60 * 60_000 },
  perRecipient: { max: 6, windowMs: 24 * 60 * 60_000 },
} as const;

const UNSUBSCRIBE_PURPOSE = 'reminder-unsubscribe';

export function unsubscribeToken(ctx: AppContext, subscriptionId: number): string {
  return `${subscriptionId}.${ctx.mediaLinks.signFor(UNSUBSCRIBE_PURPOSE, String(subscriptionId))}`;
}

/** The page a person opens from the e-mail (one button), and the address mail clients POST to. */
export function unsubscribeLinks(ctx: AppContext, subscriptionId: number): { page: string; oneClick: string } {
  const token = encodeURIComponent(unsubscribeToken(ctx, subscriptionId));
  return {
    page: `${ctx.config.publicUrl}/recordatorios/baja?s=${token}`,
    oneClick: `${ctx.config.publicUrl}/api/reminders/unsubscribe?s=${token}`,
  };
}

async function readableAccess(ctx: AppContext, caller: Caller, identifier: string): Promise<MemorialAccess> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(REMEMBRANCE_POLICY.read, access);
  return access;
}

async function readable(ctx: AppContext, caller: Caller, identifier: string): Promise<Memorial> {
  return (await readableAccess(ctx, caller, identifier)).memorial;
}

/**
 * What let the person asking see the memorial (decision 023): its owner, the access code a guest
 * holds (a guest session is valid only for the current version), the personal link the family gave
 * them (decision 029), or nothing (a public memorial).
 */
function grantOf({ relation, memorial, caller }: MemorialAccess): { byOwner: number; accessCodeVersion: number | null; accessGrantId: number | null } {
  if (relation === 'owner') return { byOwner: 1, accessCodeVersion: null, accessGrantId: null };
  if (relation !== 'guest') return { byOwner: 0, accessCodeVersion: null, accessGrantId: null };
  return { byOwner: 0, accessCodeVersion: memorial.accessCodeVersion, accessGrantId: caller.guest?.grantId ?? null };
}

/** POST /reminders/subscribe: the same answer whether the address is new, waiting or subscribed. */
export async function subscribe(ctx: AppContext, caller: Caller, input: { id: string; email: string }): Promise<void> {
  const access = await readableAccess(ctx, caller, input.id);
  const { memorial } = access;
  const grant = grantOf(access);
  if (!memorial.flagReminders) throw forbidden(REMINDER_MESSAGES.off);
  const mailbox = mailboxOf(input.email);
  await reserveAll(ctx.limiter, [
    { key: `reminders:ip:${caller.ip}`, cap: REMINDER_LIMITS.perAddress, message: REMINDER_MESSAGES.tooMany },
    { key: `reminders:to:${memorial.id}:${mailbox}`, cap: REMINDER_LIMITS.perRecipientMemorial, message: REMINDER_MESSAGES.tooMany },
    { key: `reminders:to:${mailbox}`, cap: REMINDER_LIMITS.perRecipient, message: REMINDER_MESSAGES.tooMany },
  ]);
  const now = ctx.now();
  const token = randomBytes(32).toString('base64url');
  const consentText = reminderConsentText(memorial.fullname);
  await ctx.db.transaction().execute(async (trx) => {
    // Requests for one address released at once: the unique (memorial, e-mail) pair keeps one row.
    const inserted = await trx
      .insertInto('reminderSubscriptions')
      .values({ memorialId: memorial.id, email: input.email, state: 'pending', confirmTokenHash: hashToken(token), consentText, requestedAt: now.toISOString(), confirmedAt: null, ...grant })
      .onConflict((oc) => oc.columns(['memorialId', 'email']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      // Waiting: a new request (link, consent, access) replaces the old one. Already subscribed:
      // nothing to confirm, nothing to tell (the answer is the same for everyone).
      const renewed = await trx
        .updateTable('reminderSubscriptions')
        .set({ confirmTokenHash: hashToken(token), consentText, requestedAt: now.toISOString(), ...grant })
        .where('memorialId', '=', memorial.id)
        .where('email', '=', input.email)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(renewed.numUpdatedRows) === 0) return;
    }
    await ctx.mail.queue(
      composeMail({
        to: input.email,
        kind: 'reminder-confirm',
        subject: `Confirma tus recordatorios de ${memorial.fullname}`,
        greeting: 'Hola:',
        paragraphs: [
          `Pediste que te recordemos por correo las fechas de ${memorial.fullname}: su cumpleaños, el aniversario de su partida, el 1 y 2 de noviembre y las ceremonias que publique la familia.`,
          'Para empezar a recibirlos, confirma con el botón. El enlace vale por 7 días.',
        ],
        action: { label: 'Confirmar recordatorios', url: `${ctx.config.publicUrl}/recordatorios/confirmar?token=${token}` },
        footnote: 'Si no lo pediste tú, ignora este correo: no te escribiremos de nuevo y borraremos tu dirección en 7 días.',
      }),
      trx,
    );
  });
}

/** POST /reminders/confirm: the link of the confirmation e-mail. Answers the memorial's name. */
export async function confirm(ctx: AppContext, token: string): Promise<{ fullname: string; identifier: string }> {
  const now = ctx.now();
  const row = await ctx.db
    .selectFrom('reminderSubscriptions')
    .innerJoin('memorials', 'memorials.id', 'reminderSubscriptions.memorialId')
    .select(['reminderSubscriptions.id', 'reminderSubscriptions.requestedAt', 'memorials.fullname', 'memorials.identifier'])
    .where('reminderSubscriptions.confirmTokenHash', '=', hashToken(token))
    .where('reminderSubscriptions.state', '=', 'pending')
    .executeTakeFirst();
  if (!row || now.getTime() - Date.parse(row.requestedAt) > CONFIRM_WITHIN_MS) throw new AppError(400, REMINDER_MESSAGES.confirmInvalid);
  await ctx.db
    .updateTable('reminderSubscriptions')
    .set({ state: 'confirmed', confirmTokenHash: null, confirmedAt: now.toISOString() })
    .where('id', '=', row.id)
    .where('state', '=', 'pending')
    .execute();
  return { fullname: row.fullname, identifier: row.identifier };
}

/** The subscription a signed token names, or a 400; an already deleted one is fine (the same answer). */
function subscriptionOfToken(ctx: AppContext, token: string): number {
  const [id, signature] = token.split('.');
  if (!id || !signature || !/^\d{1,12}$/.test(id) || !ctx.mediaLinks.verifyFor(UNSUBSCRIBE_PURPOSE, id, signature)) {
    throw new AppError(400, REMINDER_MESSAGES.unsubscribeInvalid);
  }
  return Number(id);
}

/** The name of the memorial whose reminders a subscription receives; null once it is gone. */
async function subscribedTo(db: Kysely<Database>, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('reminderSubscriptions')
    .innerJoin('memorials', 'memorials.id', 'reminderSubscriptions.memorialId')
    .select('memorials.fullname')
    .where('reminderSubscriptions.id', '=', id)
    .executeTakeFirst();
  return row?.fullname ?? null;
}

/** GET /reminders/unsubscribe?s=: what the page's button would stop (null: already stopped). Changes nothing. */
export async function unsubscribeTarget(ctx: AppContext, token: string): Promise<string | null> {
  return subscribedTo(ctx.db, subscriptionOfToken(ctx, token));
}

/**
 * POST /reminders/unsubscribe?s=: one click (or a mail client's RFC 8058 POST); the address is
 * deleted. Answers the memorial's name, or null when it was already gone (the same outcome).
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<string | null> {
  const id = subscriptionOfToken(ctx, token);
  return ctx.db.transaction().execute(async (trx) => {
    const fullname = await subscribedTo(trx, id);
    await trx.deleteFrom('reminderDeliveries').where('subscriptionId', '=', id).execute();
    await trx.deleteFrom('reminderSubscriptions').where('id', '=', id).execute();
    return fullname;
  });
}

/** What closed a private memorial to those who asked for its reminders. */
export type ClosedBy = 'new-code' | 'made-private';

/**
 * In the transaction of the change that closed a private memorial (a new access code, or the switch
 * from public): the subscriptions that hold no current access end (docs/decisions/023), the
 * owner's own stay, and each confirmed subscriber is told once, gently (their row is gone, so a
 * later change finds nobody to tell again). Waiting requests end silently: their confirmation
 * e-mail already said that an unconfirmed address is forgotten.
 */
export async function closeRemindersOf(ctx: AppContext, trx: Transaction<Database>, memorial: Memorial, cause: ClosedBy): Promise<void> {
  const ended = await deleteSubscriptionsWithoutAccess(trx, memorial);
  const name = memorial.fullname;
  const what =
    cause === 'new-code'
      ? `La familia de ${name} cambió la clave de acceso de su memorial, que es privado.`
      : `La familia de ${name} hizo privado su memorial.`;
  for (const subscriber of ended) {
    await ctx.mail.queue(
      composeMail({
        to: subscriber.email,
        kind: 'reminder-ended',
        subject: `Ya no recibirás recordatorios de ${name}`,
        greeting: 'Hola:',
        paragraphs: [
          `${what} Por eso dejamos de enviarte sus recordatorios y borramos tu correo de su lista.`,
          'Si la familia te comparte la clave, podrás volver a pedirlos desde su memorial cuando quieras.',
        ],
        footnote: `Recibes este correo porque pediste recordatorios de las fechas de ${name}. No te escribiremos de nuevo.`,
      }),
      trx,
    );
  }
}

export async function settingsOf(ctx: AppContext, memorial: Memorial): Promise<ReminderSettings> {
  const { count } = await ctx.db
    .selectFrom('reminderSubscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('memorialId', '=', memorial.id)
    .where('state', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return { enabled: memorial.flagReminders === 1, subscribers: count };
}

export async function ownerSettings(ctx: AppContext, caller: Caller, identifier: string, email?: string): Promise<ReminderSettings> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(REMEMBRANCE_POLICY.manage, access);
  checkEmailParam(caller, email);
  return settingsOf(ctx, access.memorial);
}

/** The owner's switch. Off keeps the subscribers (switching on again resumes) but sends nothing. */
export async function updateSettings(ctx: AppContext, caller: Caller, input: { identifier: string; enabled: boolean }): Promise<ReminderSettings> {
  const access = await accessMemorial(ctx.db, caller, input.identifier);
  authorize(REMEMBRANCE_POLICY.manage, access);
  const now = ctx.now().toISOString();
  await ctx.db.updateTable('memorials').set({ flagReminders: input.enabled ? 1 : 0, updatedAt: now }).where('id', '=', access.memorial.id).execute();
  return settingsOf(ctx, { ...access.memorial, flagReminders: input.enabled ? 1 : 0 });
}

/** GET /reminders/calendar: the memorial's yearly dates as an .ics file. */
export async function yearlyCalendar(ctx: AppContext, caller: Caller, identifier: string): Promise<{ filename: string; body: string }> {
  const memorial = await readable(ctx, caller, identifier);
  const link = guestLink(ctx, memorial);
  const host = uidHost(ctx);
  const events: IcsEvent[] = [];
  const yearly = (kind: string, summary: string, date: string, description: string) =>
    events.push({ uid: `${kind}-${memorial.identifier}@${host}`, summary, date, rrule: yearlyRule(date), description: `${description} Memorial: ${link}`, url: link });
  if (memorial.birthdate && dateParts(memorial.birthdate)) {
    yearly('birthday', `Cumpleaños de ${memorial.fullname}`, memorial.birthdate.slice(0, 10), `Hoy recordamos el cumpleaños de ${memorial.fullname}.`);
  }
  if (memorial.deathdate && dateParts(memorial.deathdate)) {
    yearly('anniversary', `Aniversario de la partida de ${memorial.fullname}`, memorial.deathdate.slice(0, 10), `Hoy recordamos a ${memorial.fullname}, en el aniversario de su partida.`);
  }
  const firstYear = Number((memorial.deathdate ?? memorial.createdAt).slice(0, 4)) || new Date().getUTCFullYear();
  yearly('todos-los-santos', `Día de Todos los Santos: recordamos a ${memorial.fullname}`, `${firstYear}-11-01`, `Día de Todos los Santos.`);
  yearly('dia-de-los-difuntos', `Día de los Difuntos: recordamos a ${memorial.fullname}`, `${firstYear}-11-02`, `Día de los Difuntos.`);
  return { filename: `fechas-${memorial.identifier}.ics`, body: buildCalendar(`Fechas de ${memorial.fullname}`, events, ctx.now()) };
}
