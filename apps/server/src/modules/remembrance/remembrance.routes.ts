// /api/events/* (the ceremonies, issue 14 §2) and /api/reminders/* (remembrance reminders, §1).
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { z } from 'zod';
import { identifierField } from '@recuerdos/shared/fields';
import { idQuerySchema, ownerQuerySchema } from '@recuerdos/shared/memorial-schemas';
import {
  deleteEventSchema,
  endFuneralPhaseSchema,
  FUNERAL_PHASE_MESSAGES,
  EVENT_MESSAGES,
  REMINDER_MESSAGES,
  reminderSettingsSchema,
  reminderSubscribeSchema,
  reminderTokenSchema,
  saveEventSchema,
  unsubscribeSchema,
} from '@recuerdos/shared/remembrance';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import * as events from './events.service';
import * as reminders from './reminders.service';
import { answerWithPage, wantsPage } from './unsubscribe.html';

const eventCalendarQuery = z.object({ id: identifierField, event: z.coerce.number().int().positive({ error: EVENT_MESSAGES.notFound }) });

function sendCalendar(reply: FastifyReply, file: { filename: string; body: string }) {
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

export const remembranceRoutes: FastifyPluginCallback<{ ctx: AppContext }> = (app, { ctx }, done) => {
  app.get('/events/list', async (request) => {
    const { identifier } = parseInput(ownerQuerySchema, request.query);
    const caller = await callerOf(ctx.db, request);
    const [list, funeral] = await Promise.all([events.listForOwner(ctx, caller, identifier), events.funeralPhaseForOwner(ctx, caller, identifier)]);
    return ok({ events: list, funeral });
  });

  // The family ends the funeral phase (issue 30 §4): the QR page becomes its memorial alone.
  app.post('/events/end-funeral-phase', async (request) => {
    const { identifier } = parseInput(endFuneralPhaseSchema, request.body);
    await events.endFuneralPhase(ctx, await callerOf(ctx.db, request), identifier);
    return ok({}, FUNERAL_PHASE_MESSAGES.ended);
  });

  app.post('/events/save', async (request) => {
    const input = parseInput(saveEventSchema, request.body);
    return ok({ event: await events.saveEvent(ctx, await callerOf(ctx.db, request), input) }, EVENT_MESSAGES.saved);
  });

  app.post('/events/delete', async (request) => {
    const input = parseInput(deleteEventSchema, request.body);
    await events.deleteEvent(ctx, await callerOf(ctx.db, request), input);
    return ok({}, EVENT_MESSAGES.deleted);
  });

  app.get('/events/calendar', async (request, reply) => {
    const { id, event } = parseInput(eventCalendarQuery, request.query);
    return sendCalendar(reply, await events.eventCalendar(ctx, await callerOf(ctx.db, request), id, event));
  });

  app.get('/reminders/calendar', async (request, reply) => {
    const { id } = parseInput(idQuerySchema, request.query);
    return sendCalendar(reply, await reminders.yearlyCalendar(ctx, await callerOf(ctx.db, request), id));
  });

  app.post('/reminders/subscribe', async (request) => {
    const input = parseInput(reminderSubscribeSchema, request.body);
    await reminders.subscribe(ctx, await callerOf(ctx.db, request), input);
    return ok({}, REMINDER_MESSAGES.requested);
  });

  app.post('/reminders/confirm', async (request) => {
    const { token } = parseInput(reminderTokenSchema, request.body);
    const memorial = await reminders.confirm(ctx, token);
    return ok(memorial, `${REMINDER_MESSAGES.confirmed} ${memorial.fullname}`);
  });

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` (form-encoded) to the header's address;
  // the web page of the e-mail's link and the button of the page below POST here too (the latter
  // gets a page back). The token is in the query either way.
  app.post('/reminders/unsubscribe', async (request, reply) => {
    const stop = async () => reminders.unsubscribe(ctx, parseInput(unsubscribeSchema, request.query).s);
    if (wantsPage(request)) return answerWithPage(reply, async () => ({ kind: 'done', fullname: await stop() }));
    await stop();
    return ok({}, REMINDER_MESSAGES.unsubscribed);
  });

  // The same address opened by a person or an older mail client: the one-button page. A GET stops
  // nothing (link scanners prefetch).
  app.get('/reminders/unsubscribe', async (request, reply) =>
    answerWithPage(reply, async () => {
      const { s } = parseInput(unsubscribeSchema, request.query);
      const fullname = await reminders.unsubscribeTarget(ctx, s);
      return fullname === null ? { kind: 'gone' } : { kind: 'ask', fullname, action: `/api/reminders/unsubscribe?s=${encodeURIComponent(s)}` };
    }),
  );

  app.get('/reminders/settings', async (request) => {
    const { identifier, email } = parseInput(ownerQuerySchema, request.query);
    return ok(await reminders.ownerSettings(ctx, await callerOf(ctx.db, request), identifier, email));
  });

  app.post('/reminders/settings', async (request) => {
    const input = parseInput(reminderSettingsSchema, request.body);
    return ok(await reminders.updateSettings(ctx, await callerOf(ctx.db, request), input), REMINDER_MESSAGES.settingsSaved);
  });
  done();
};
