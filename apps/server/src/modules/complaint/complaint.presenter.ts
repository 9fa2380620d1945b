// Complaint rows → the API's answer, and the operator's listing (`npm run admin -- list-complaints`).
import { COMPLAINT_TYPES } from '@recuerdos/shared/complaint-schemas';
import { limaDate, limaDateTime } from '@recuerdos/shared/dates';
import { slashDate } from '@recuerdos/shared/format';
import type { Complaint } from '../../db/schema';
import { businessDaysBetween } from './complaint.calendar';

export function presentFiledComplaint(complaint: Complaint): { number: string } {
  return { number: complaint.number };
}

/** 'dd/mm/yyyy' of a 'YYYY-MM-DD' date. */
export function displayDate(isoDate: string): string {
  return slashDate(isoDate);
}

/** 'dd/mm/yyyy HH:mm' in Lima of an ISO UTC timestamp. */
export function displayDateTime(isoTimestamp: string): string {
  const lima = limaDateTime(new Date(isoTimestamp));
  return `${slashDate(lima.slice(0, 10))} ${lima.slice(11, 16)}`;
}

function deadline(dueOn: string, today: string): string {
  const left = businessDaysBetween(today, dueOn);
  if (dueOn === today) return 'vence hoy';
  if (dueOn < today) return `vencido hace ${-left} día${left === -1 ? '' : 's'} hábil${left === -1 ? '' : 'es'}`;
  return `queda${left === 1 ? '' : 'n'} ${left} día${left === 1 ? '' : 's'} hábil${left === 1 ? '' : 'es'}`;
}

/** A plain-text table for the operator, one complaint per line, with each answer deadline. */
export function formatComplaintList(rows: Complaint[], today: string = limaDate()): string {
  if (rows.length === 0) return 'No hay reclamos ni quejas registrados.';
  const header = ['Número', 'Registrado (Lima)', 'Tipo', 'Consumidor', 'Correo', 'Contrato', 'Responder hasta', 'Plazo'];
  const lines = rows.map((c) => [
    c.number,
    displayDateTime(c.createdAt),
    COMPLAINT_TYPES[c.type],
    `${c.name} ${c.lastname}`,
    c.email,
    c.contract,
    displayDate(c.dueOn),
    deadline(c.dueOn, today),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const render = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [render(header), render(widths.map((w) => '-'.repeat(w))), ...lines.map(render)].join('\n');
}
