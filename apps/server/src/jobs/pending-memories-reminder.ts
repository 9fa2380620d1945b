// Once a week, owners who have visitors' memories waiting for approval for more than 7 days get one
// e-mail listing them, when the memorial's notifications are on (spec §2 flag_notification).
import { composeMail } from '../mail/layout';
import { HOUR_MS, type JobDef } from './job';

export const PENDING_REMINDER_AFTER_DAYS = 7;

export const pendingMemoriesReminderJob: JobDef = {
  name: 'pending-memories-reminder',
  // Mondays 09:00 in Lima.
  cron: '0 14 * * 1',
  summary: 'Weekly note to owners with memories waiting for approval for more than 7 days',
  catchUpMs: 24 * HOUR_MS,
  async run({ ctx, now }) {
    const olderThan = new Date(now.getTime() - PENDING_REMINDER_AFTER_DAYS * 24 * HOUR_MS).toISOString();
    const rows = await ctx.db
      .selectFrom('posts')
      .innerJoin('memorials', 'memorials.id', 'posts.memorialId')
      .innerJoin('accounts', 'accounts.id', 'memorials.accountId')
      .select(['accounts.id as accountId', 'accounts.email', 'accounts.name', 'memorials.fullname'])
      .select((eb) => eb.fn.countAll<number>().as('waiting'))
      .where('posts.state', '=', 'pending')
      .where('posts.createdAt', '<', olderThan)
      .where('memorials.flagNotification', '=', 1)
      .groupBy(['accounts.id', 'accounts.email', 'accounts.name', 'memorials.id', 'memorials.fullname'])
      .orderBy('accounts.id')
      .execute();
    const byOwner = new Map<number, { email: string; name: string; lines: string[] }>();
    for (const row of rows) {
      const owner = byOwner.get(row.accountId) ?? { email: row.email, name: row.name, lines: [] };
      const waiting = row.waiting;
      owner.lines.push(`${row.fullname}: ${waiting} ${waiting === 1 ? 'recuerdo' : 'recuerdos'}`);
      byOwner.set(row.accountId, owner);
    }
    for (const owner of byOwner.values()) {
      await ctx.mail.queue(
        composeMail({
          to: owner.email,
          kind: 'pending-memories-reminder',
          subject: 'Tienes recuerdos esperando tu aprobación',
          greeting: `Hola, ${owner.name}:`,
          paragraphs: [
            `Hay recuerdos que los visitantes compartieron hace más de ${PENDING_REMINDER_AFTER_DAYS} días y aún esperan tu aprobación.`,
            'Revísalos y apruébalos para que aparezcan en el perfil, o elimínalos si no corresponden.',
          ],
          details: [{ label: 'Pendientes', value: owner.lines.join('\n') }],
          action: { label: 'Ver mensajes pendientes', url: `${ctx.config.publicUrl}/account/notifications` },
          footnote: 'Recibes este correo porque tienes activadas las notificaciones de este perfil.',
        }),
      );
    }
    return { owners: byOwner.size };
  },
};
