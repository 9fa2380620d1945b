// /api/admin/complaints* and /api/admin/holidays*: registered inside the admin group
// (admin.routes.ts), behind requireOperator.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addHolidaySchema, calendarDateField, complaintAnswerSchema, complaintListSchema, complaintNoteSchema, complaintYearSchema } from '@recuerdos/shared/admin-schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import type { Operator } from './complaint.book';
import * as book from './complaint.book';
import { presentAdminComplaint, presentAdminComplaintDetail, presentHoliday } from './complaint.backoffice.presenter';
import { bookCsv } from './complaint.export';

const numberParams = z.object({ number: z.string().regex(/^\d{4}-\d{6}$/, book.BOOK_MESSAGES.notFound) });
const dateParams = z.object({ date: calendarDateField });

export function complaintBackofficeRoutes(
  app: FastifyInstance,
  { ctx, operator }: { ctx: AppContext; operator: (request: FastifyRequest) => Operator },
): Promise<void> {
  app.get('/complaints', async (request) => {
    const filter = parseInput(complaintListSchema, request.query);
    return ok({ complaints: (await book.listBook(ctx, filter)).map(presentAdminComplaint) });
  });

  app.get('/complaints/export.csv', async (request, reply) => {
    const { year } = parseInput(complaintYearSchema, request.query);
    const rows = await book.bookOfYear(ctx, operator(request).actor, year, 'csv');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="libro-de-reclamaciones-${year}.csv"`)
      .header('cache-control', 'no-store')
      .send(bookCsv(rows));
  });

  app.get('/complaints/export.pdf', async (request, reply) => {
    const { year } = parseInput(complaintYearSchema, request.query);
    const rows = await book.bookOfYear(ctx, operator(request).actor, year, 'pdf');
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="libro-de-reclamaciones-${year}.pdf"`)
      .header('cache-control', 'no-store')
      .send(await ctx.pdf.build('book', { rows, year, legal: ctx.config.legal, generatedAt: new Date() }));
  });

  app.get('/complaints/:number', async (request) => {
    const { number } = parseInput(numberParams, request.params);
    return ok({ complaint: presentAdminComplaintDetail(await book.bookDetail(ctx, number)) });
  });

  app.post('/complaints/:number/answer', async (request) => {
    const { number } = parseInput(numberParams, request.params);
    const { text } = parseInput(complaintAnswerSchema, request.body);
    await book.answerComplaint(ctx, operator(request), number, text);
    return ok({ complaint: presentAdminComplaintDetail(await book.bookDetail(ctx, number)) }, book.BOOK_MESSAGES.answered);
  });

  app.post('/complaints/:number/notes', async (request) => {
    const { number } = parseInput(numberParams, request.params);
    const input = parseInput(complaintNoteSchema, request.body);
    await book.addNote(ctx, operator(request), number, input);
    return ok(
      { complaint: presentAdminComplaintDetail(await book.bookDetail(ctx, number)) },
      input.notify ? book.BOOK_MESSAGES.noteSent : book.BOOK_MESSAGES.noteAdded,
    );
  });

  app.get('/holidays', async () => {
    return ok({ holidays: (await book.listHolidays(ctx)).map(presentHoliday) });
  });

  app.post('/holidays', async (request) => {
    const input = parseInput(addHolidaySchema, request.body);
    await book.addHoliday(ctx, operator(request).actor, input);
    return ok({ holidays: (await book.listHolidays(ctx)).map(presentHoliday) }, book.BOOK_MESSAGES.holidayAdded);
  });

  app.post('/holidays/:date/remove', async (request) => {
    const { date } = parseInput(dateParams, request.params);
    await book.removeHoliday(ctx, operator(request).actor, date);
    return ok({ holidays: (await book.listHolidays(ctx)).map(presentHoliday) }, book.BOOK_MESSAGES.holidayRemoved);
  });

  return Promise.resolve();
}
