// The ceremonies of a memorial (issue 14 §2): the owner adds, edits and deletes them; whoever can see
// the memorial sees them (upcoming above the memories, past ones folded) and can add one to their
// calendar. A change touches the memorial row, which is part of every stamp of its cached page.
import { guestUrl } from '../../http/links';
import { EVENT_LIMITS, EVENT_MESSAGES, FUNERAL_PHASE_MESSAGES, type EventFormValues, type MemorialEvent } from '@recuerdos/shared/remembrance';
import type { FuneralPhase } from '@recuerdos/shared/remembrance-text';
import { funeralPartnerOf, inFuneralPhase } from '../partner/funeral-phase';
import { limaDate } from '@recuerdos/shared/dates';
import type { AppContext } from '../../context';
import type { Memorial } from '../../db/schema';
import { accessMemorial, type Caller, type MemorialAccess } from '../../auth/memorial-access';
import { authorize, type Permission } from '../../auth/permissions';
import { AppError, badRequest } from '../../http/errors';
import { refuseWhenContractEnded } from '../content/content.service';
import { REMEMBRANCE_POLICY } from './remembrance.policy';
import { buildCalendar } from './ics';
import { eventsOf, touchMemorial } from './remembrance.repository';
import { presentEvent, presentEvents } from './remembrance.presenter';

async function access(ctx: AppContext, caller: Caller, identifier: string, permission: Permission): Promise<MemorialAccess> {
  const found = await accessMemorial(ctx.db, caller, identifier);
  authorize(permission, found);
  return found;
}

/** The owner's list: every ceremony, past ones too. */
export async function listForOwner(ctx: AppContext, caller: Caller, identifier: string): Promise<MemorialEvent[]> {
  const { memorial } = await access(ctx, caller, identifier, REMEMBRANCE_POLICY.manage);
  return presentEvents(await eventsOf(ctx.db, memorial.id), ctx.now());
}

/** The owner's view of the funeral phase (issue 30 §4): the funeral home and its last day, or null. */
export async function funeralPhaseForOwner(ctx: AppContext, caller: Caller, identifier: string): Promise<FuneralPhase | null> {
  const { memorial } = await access(ctx, caller, identifier, REMEMBRANCE_POLICY.manage);
  if (!inFuneralPhase(memorial, ctx.now()) || memorial.funeralUntil === null) return null;
  const partner = await funeralPartnerOf(ctx.db, memorial.id);
  return partner ? { partner, until: memorial.funeralUntil } : null;
}

/**
 * The family ends the funeral phase before its day (issue 30 §4): owner-only; the page is then the
 * family's memorial alone. One conditional UPDATE of the memorial's row, which is in the guest
 * page's cache stamp; 409 when the phase is already over.
 */
export async function endFuneralPhase(ctx: AppContext, caller: Caller, identifier: string): Promise<void> {
  const { memorial } = await access(ctx, caller, identifier, REMEMBRANCE_POLICY.manage);
  const now = ctx.now();
  if (!inFuneralPhase(memorial, now)) throw new AppError(409, FUNERAL_PHASE_MESSAGES.notActive);
  const result = await ctx.db
    .updateTable('memorials')
    .set({ funeralUntil: null, updatedAt: now.toISOString() })
    .where('id', '=', memorial.id)
    .where('funeralUntil', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError(409, FUNERAL_PHASE_MESSAGES.notActive);
}

export async function saveEvent(ctx: AppContext, caller: Caller, input: EventFormValues & { identifier: string; id?: number | undefined }): Promise<MemorialEvent> {
  const { memorial } = await access(ctx, caller, input.identifier, REMEMBRANCE_POLICY.manage);
  await refuseWhenContractEnded(ctx, memorial);
  const now = ctx.now();
  const values = { kind: input.kind, title: input.title, date: input.date, time: input.time, place: input.place, mapUrl: input.mapUrl, updatedAt: now.toISOString() };
  const id = await ctx.db.transaction().execute(async (trx) => {
    // The memorial's row first: on PostgreSQL its lock makes saves for one memorial take turns, so
    // the cap below counts what the others added (SQLite writes one at a time anyway).
    await touchMemorial(trx, memorial, now);
    let saved: number;
    if (input.id !== undefined) {
      const result = await trx.updateTable('memorialEvents').set(values).where('id', '=', input.id).where('memorialId', '=', memorial.id).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppError(404, EVENT_MESSAGES.notFound);
      saved = input.id;
    } else {
      const { count } = await trx
        .selectFrom('memorialEvents')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('memorialId', '=', memorial.id)
        .executeTakeFirstOrThrow();
      if (count >= EVENT_LIMITS.perMemorial) throw badRequest(EVENT_MESSAGES.tooMany);
      const row = await trx
        .insertInto('memorialEvents')
        .values({ ...values, memorialId: memorial.id, createdAt: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      saved = row.id;
    }
    return saved;
  });
  const row = (await eventsOf(ctx.db, memorial.id)).find((event) => event.id === id);
  if (!row) throw new AppError(404, EVENT_MESSAGES.notFound);
  return presentEvent(row, limaDate(now));
}

export async function deleteEvent(ctx: AppContext, caller: Caller, input: { identifier: string; id: number }): Promise<void> {
  const { memorial } = await access(ctx, caller, input.identifier, REMEMBRANCE_POLICY.manage);
  await ctx.db.transaction().execute(async (trx) => {
    // The memorial's row first, as saveEvent: one order of locks, never a deadlock between the two.
    await touchMemorial(trx, memorial, ctx.now());
    const result = await trx.deleteFrom('memorialEvents').where('id', '=', input.id).where('memorialId', '=', memorial.id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw new AppError(404, EVENT_MESSAGES.notFound);
  });
}

export function guestLink(ctx: AppContext, memorial: Pick<Memorial, 'identifier'>): string {
  return guestUrl(ctx.config.publicUrl, memorial.identifier);
}

function uidHost(ctx: AppContext): string {
  try {
    return new URL(ctx.config.publicUrl).hostname;
  } catch {
    return 'recuerdos';
  }
}

/** GET /events/calendar: one ceremony as an .ics file. */
export async function eventCalendar(ctx: AppContext, caller: Caller, identifier: string, id: number): Promise<{ filename: string; body: string }> {
  const { memorial } = await access(ctx, caller, identifier, REMEMBRANCE_POLICY.read);
  const row = (await eventsOf(ctx.db, memorial.id)).find((event) => event.id === id);
  if (!row) throw new AppError(404, EVENT_MESSAGES.notFound);
  const event = presentEvent(row, limaDate(ctx.now()));
  const link = guestLink(ctx, memorial);
  const body = buildCalendar(
    `${event.name} de ${memorial.fullname}`,
    [
      {
        uid: `event-${event.id}-${memorial.identifier}@${uidHost(ctx)}`,
        summary: `${event.name} de ${memorial.fullname}`,
        description: `${event.name} de ${memorial.fullname}.${event.mapUrl ? ` Mapa: ${event.mapUrl}` : ''} Memorial: ${link}`,
        location: event.place,
        url: link,
        date: event.date,
        ...(event.time ? { time: event.time } : {}),
      },
    ],
    ctx.now(),
  );
  return { filename: `${event.kind}-${memorial.identifier}.ics`, body };
}

export { uidHost };
