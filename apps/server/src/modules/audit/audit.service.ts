// The audit trail (issue 15 §5): every operator action — who, what, when, from which address — is
// recorded in the same transaction as the change it describes, and can be read and filtered in the
// back office. Nothing in the application changes or removes an entry.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/database';
import type { AppContext } from '../../context';
import { addDays } from '../complaint/complaint.calendar';
import * as repo from './audit.repository';

/** Who acts: an operator of the back office (or the command line, operatorId null). */
export interface AuditActor {
  operatorId: number | null;
  email: string;
  ip: string;
}

/** What operators do, in the words the back office shows (the keys are stored). */
export const AUDIT_ACTIONS = {
  'operator.login': 'Inicio de sesión',
  'operator.login-failed': 'Inicio de sesión fallido',
  'operator.second-factor-enrolled': 'Activó la verificación en dos pasos',
  'operator.second-factor-failed': 'Código de verificación incorrecto',
  'operator.recovery-code-used': 'Usó un código de recuperación',
  'operator.logout': 'Cierre de sesión',
  'operator.password-changed': 'Cambió su contraseña',
  'operator.password-set': 'Creó su contraseña con el enlace',
  'operator.created': 'Operador creado',
  'contract.created': 'Contrato creado',
  'contract.activation-resent': 'Reenvió el correo de activación',
  'contract.end-date-changed': 'Cambió la fecha de fin del contrato',
  'disclaimer.added': 'Agregó un aviso',
  'disclaimer.removed': 'Quitó un aviso',
  'complaint.answered': 'Respondió un reclamo',
  'complaint.note-added': 'Agregó una nota a un reclamo',
  'complaint.exported': 'Exportó el Libro de Reclamaciones',
  'holiday.added': 'Agregó un feriado',
  'holiday.removed': 'Quitó un feriado',
  'report.hidden': 'Ocultó un recuerdo reportado',
  'report.dismissed': 'Descartó un reporte',
  // The partner channel (issue 30, docs/decisions/031): the actor is 'socio:<e-mail>'.
  'partner.created': 'Socio creado',
  'partner.suspended': 'Socio suspendido',
  'partner.resumed': 'Socio reactivado',
  'partner.user-created': 'Personal de socio creado',
  'partner.branch-created': 'Sede creada',
  'partner.login': 'Inicio de sesión de socio',
  'partner.login-failed': 'Inicio de sesión de socio fallido',
  'partner.second-factor-enrolled': 'Socio activó la verificación en dos pasos',
  'partner.second-factor-failed': 'Código de verificación de socio incorrecto',
  'partner.recovery-code-used': 'Socio usó un código de recuperación',
  'partner.logout': 'Cierre de sesión de socio',
  'partner.password-set': 'Socio creó su contraseña con el enlace',
  'partner.contract-created': 'Contrato vendido por un socio',
  'partner.rites-corrected': 'Socio corrigió las ceremonias',
  'partner.logo-changed': 'Logo del socio cambiado',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export async function recordAudit(
  db: Kysely<Database>,
  actor: AuditActor,
  action: AuditAction,
  target: string,
  detail: Record<string, unknown> = {},
  now = new Date(),
): Promise<void> {
  await repo.insertAuditEntry(db, {
    operatorId: actor.operatorId,
    operatorEmail: actor.email,
    action,
    target,
    detail: JSON.stringify(detail),
    ip: actor.ip,
    createdAt: nowIso(now),
  });
}

export const AUDIT_PAGE_SIZE = 100;

/** Lima is UTC−5 all year: a Lima calendar day starts at 05:00 UTC. */
function limaDayStartIso(date: string): string {
  return `${date}T05:00:00.000Z`;
}

export async function listAudit(
  ctx: Pick<AppContext, 'db'>,
  filter: { operator: string; action: string; from: string; to: string; before: number | null },
): Promise<{ entries: Awaited<ReturnType<typeof repo.listAuditEntries>>; operators: string[] }> {
  const [entries, operators] = await Promise.all([
    repo.listAuditEntries(ctx.db, {
      operator: filter.operator,
      action: filter.action,
      fromIso: filter.from ? limaDayStartIso(filter.from) : null,
      toIso: filter.to ? limaDayStartIso(addDays(filter.to, 1)) : null,
      beforeId: filter.before,
      limit: AUDIT_PAGE_SIZE,
    }),
    repo.auditOperators(ctx.db),
  ]);
  return { entries, operators };
}
