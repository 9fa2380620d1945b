// The complaints book of one year as CSV (for a spreadsheet) and as a printable PDF (to show
// INDECOPI on request): every complaint with its answer and notes, in number order, and the funeral
// home that sold the contract when a partner did (issue 30 §6).
import { COMPLAINT_TYPES } from '@recuerdos/shared/complaint-schemas';
import type { Config } from '../../config';
import { footEveryPage, newPdf } from '../../pdf/document';
import type { BookEntry } from './complaint.book';
import { displayDate, displayDateTime } from './complaint.presenter';

const STATUS = { received: 'Recibido', answered: 'Respondido' } as const;

const CSV_HEADER = [
  'Número',
  'Fecha y hora de registro (Lima)',
  'Tipo',
  'Nombres',
  'Apellidos',
  'Documento',
  'Correo electrónico',
  'Teléfono',
  'Contrato',
  'Vendido por',
  'Fecha indicada por el consumidor',
  'Detalle',
  'Pedido del consumidor',
  'Fecha límite de respuesta',
  'Estado',
  'Fecha de respuesta',
  'Respondido por',
  'Respuesta',
  'Notas posteriores',
];

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (starting with = + - @
 * or a control character) gets a leading apostrophe (CSV injection); the PDF keeps the text as it is.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function notesText(entry: BookEntry): string {
  return entry.entries
    .filter((e) => e.kind === 'note')
    .map((e) => `[${displayDateTime(e.createdAt)} ${e.operatorName}${e.emailedTo ? ', enviada al consumidor' : ''}] ${e.text}`)
    .join('\n');
}

/** UTF-8 with a byte-order mark (spreadsheets then read the accents right), CRLF line ends. */
export function bookCsv(rows: BookEntry[]): Buffer {
  const lines = [CSV_HEADER, ...rows.map(({ complaint: c, answer, dueOn, partner, ...rest }) => [
    c.number,
    displayDateTime(c.createdAt),
    COMPLAINT_TYPES[c.type],
    c.name,
    c.lastname,
    c.document,
    c.email,
    c.phone,
    c.contract,
    partner ?? '',
    c.consumerDate,
    c.detail,
    c.request,
    displayDate(dueOn),
    answer ? STATUS.answered : STATUS.received,
    answer ? displayDateTime(answer.createdAt) : '',
    answer?.operatorName ?? '',
    answer?.text ?? '',
    notesText({ complaint: c, answer, dueOn, partner, ...rest }),
  ])];
  return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(lines.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n', 'utf8')]);
}

const MARGIN = 50;
const COLORS = { text: '#2b2622', muted: '#6b625a', rule: '#d8d0c7', accent: '#4a3b6b' };

/** The year's book as an A4 PDF: a cover block with the provider's data, then one section per complaint. */
export function bookPdf(rows: BookEntry[], year: number, config: Pick<Config, 'legal'>, generatedAt = new Date()): Promise<Buffer> {
  const { doc, finished } = newPdf({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Libro de Reclamaciones ${year}`, Author: config.legal.name, Subject: 'Libro de Reclamaciones', CreationDate: generatedAt },
  });
  const width = doc.page.width - MARGIN * 2;

  doc.font('bold').fontSize(20).fillColor(COLORS.accent).text(`Libro de Reclamaciones ${year}`);
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10.5).fillColor(COLORS.text);
  doc.text(`${config.legal.name} · RUC ${config.legal.ruc}`);
  doc.text(config.legal.address);
  doc.fillColor(COLORS.muted).text(`Generado el ${displayDateTime(generatedAt.toISOString())} (hora de Lima). ${rows.length} ${rows.length === 1 ? 'registro' : 'registros'}.`);
  doc.moveDown(1);

  if (rows.length === 0) {
    doc.font('regular').fontSize(12).fillColor(COLORS.text).text(`No hay reclamos ni quejas registrados en ${year}.`);
  }

  const field = (label: string, value: string) => {
    doc.font('bold').fontSize(9.5).fillColor(COLORS.muted).text(label, { continued: false });
    doc.font('regular').fontSize(10.5).fillColor(COLORS.text).text(value || '—', { width });
    doc.moveDown(0.25);
  };

  rows.forEach((row, index) => {
    const c = row.complaint;
    // Keep a heading with at least some of its content.
    if (index > 0 && doc.y > doc.page.height - MARGIN - 160) doc.addPage();
    const top = doc.y;
    doc.moveTo(MARGIN, top).lineTo(MARGIN + width, top).strokeColor(COLORS.rule).lineWidth(1).stroke();
    doc.moveDown(0.5);
    doc.font('bold').fontSize(13).fillColor(COLORS.accent).text(`${COMPLAINT_TYPES[c.type]} N.° ${c.number}`);
    doc.moveDown(0.3);
    field('Registrado (hora de Lima)', displayDateTime(c.createdAt));
    field('Fecha indicada por el consumidor', c.consumerDate);
    field('Consumidor', `${c.name} ${c.lastname} · Documento ${c.document} · ${c.email} · Teléfono ${c.phone}`);
    field('Contrato', c.contract);
    // A contract sold by a funeral home names it (issue 30 §6); the complaint's routing stays ours.
    if (row.partner) field('Vendido por', row.partner);
    field('Detalle', c.detail);
    field('Pedido del consumidor', c.request);
    field('Fecha límite de respuesta', displayDate(row.dueOn));
    if (row.answer) {
      field('Estado', `${STATUS.answered} el ${displayDateTime(row.answer.createdAt)} por ${row.answer.operatorName}`);
      field('Respuesta', row.answer.text);
    } else {
      field('Estado', `${STATUS.received}, sin respuesta`);
    }
    for (const note of row.entries.filter((e) => e.kind === 'note')) {
      field(`Nota del ${displayDateTime(note.createdAt)} (${note.operatorName}${note.emailedTo ? ', enviada al consumidor' : ''})`, note.text);
    }
    doc.moveDown(0.6);
  });

  footEveryPage(doc, { margin: MARGIN, color: COLORS.muted }, (page, count) => `Libro de Reclamaciones ${year} · Página ${page} de ${count}`);
  doc.end();
  return finished;
}
