// The consumer's copy of a complaint and the business's own copy (DESIGN §7).
import { COMPLAINT_TYPES } from '@recuerdos/shared/complaint-schemas';
import type { Config } from '../../config';
import type { Complaint, ComplaintEntry } from '../../db/schema';
import { composeMail } from '../../mail/layout';
import type { MailMessage } from '../../mail/mailer';
import { displayDate, displayDateTime } from './complaint.presenter';

// The notice the complaints book must show (Código de Protección y Defensa del Consumidor).
const LEGAL_NOTES = [
  'Reclamo: disconformidad relacionada a los productos o servicios. Queja: disconformidad no relacionada a los productos o servicios, o malestar o descontento respecto a la atención al público.',
  'La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI.',
];

function details(complaint: Complaint, config: Config): { label: string; value: string }[] {
  return [
    { label: 'Número', value: complaint.number },
    { label: 'Fecha y hora de registro', value: displayDateTime(complaint.createdAt) },
    { label: 'Fecha indicada', value: complaint.consumerDate },
    { label: 'Proveedor', value: `${config.legal.name} (RUC ${config.legal.ruc}), ${config.legal.address}` },
    { label: 'Nombre', value: complaint.name },
    { label: 'Apellidos', value: complaint.lastname },
    { label: 'Correo electrónico', value: complaint.email },
    { label: 'Número de contrato', value: complaint.contract },
    { label: 'Documento de identidad', value: complaint.document },
    { label: 'Teléfono', value: complaint.phone },
    { label: 'Tipo', value: COMPLAINT_TYPES[complaint.type] },
    { label: 'Detalle', value: complaint.detail },
    { label: 'Pedido del consumidor', value: complaint.request },
    { label: 'Fecha límite de respuesta', value: displayDate(complaint.dueOn) },
  ];
}

export function consumerCopyMail(complaint: Complaint, config: Config): MailMessage {
  const type = COMPLAINT_TYPES[complaint.type];
  return composeMail({
    to: complaint.email,
    kind: 'complaint-consumer-copy',
    subject: `Libro de Reclamaciones: tu ${type.toLowerCase()} N.° ${complaint.number}`,
    greeting: `Hola, ${complaint.name}:`,
    paragraphs: [
      `Registramos tu ${type.toLowerCase()} en nuestro Libro de Reclamaciones con el número ${complaint.number}. Esta es tu copia.`,
      `Te responderemos a este correo a más tardar el ${displayDate(complaint.dueOn)}.`,
    ],
    details: details(complaint, config),
    footnote: LEGAL_NOTES.join(' '),
  });
}

export function businessCopyMail(complaint: Complaint, config: Config): MailMessage {
  // 'Reclamo' is masculine, 'Queja' feminine.
  const [adjective, article, noun] = complaint.type === '1' ? ['Nuevo', 'un', 'reclamo'] : ['Nueva', 'una', 'queja'];
  return composeMail({
    to: config.contact.email,
    kind: 'complaint-business-copy',
    subject: `${adjective} ${noun} N.° ${complaint.number} en el Libro de Reclamaciones`,
    greeting: 'Hola:',
    paragraphs: [
      `${complaint.name} ${complaint.lastname} registró ${article} ${noun} en el Libro de Reclamaciones.`,
      `Hay que responderle a ${complaint.email} a más tardar el ${displayDate(complaint.dueOn)}.`,
    ],
    details: details(complaint, config),
  });
}

function answerDetails(complaint: Complaint, entry: ComplaintEntry, config: Config, label: string): { label: string; value: string }[] {
  return [
    { label: 'Número', value: complaint.number },
    { label: 'Fecha y hora de registro', value: displayDateTime(complaint.createdAt) },
    { label: 'Tipo', value: COMPLAINT_TYPES[complaint.type] },
    { label: 'Detalle', value: complaint.detail },
    { label: 'Pedido del consumidor', value: complaint.request },
    { label, value: entry.text },
    { label: 'Fecha de respuesta', value: displayDateTime(entry.createdAt) },
    { label: 'Atendido por', value: `${entry.operatorName}, ${config.legal.name} (RUC ${config.legal.ruc})` },
  ];
}

/** The provider's answer to a complaint (Libro de Reclamaciones: the answer must reach the consumer). */
export function complaintAnswerMail(complaint: Complaint, entry: ComplaintEntry, config: Config): MailMessage {
  const type = COMPLAINT_TYPES[complaint.type].toLowerCase();
  return composeMail({
    to: complaint.email,
    kind: 'complaint-answer',
    subject: `Respuesta a tu ${type} N.° ${complaint.number}`,
    greeting: `Hola, ${complaint.name}:`,
    paragraphs: [
      `Esta es nuestra respuesta a tu ${type} N.° ${complaint.number}, registrado en nuestro Libro de Reclamaciones el ${displayDateTime(complaint.createdAt)}.`,
      entry.text,
      `Si tienes alguna consulta sobre esta respuesta, escríbenos a ${config.contact.email} o llámanos al ${config.contact.phone}.`,
    ],
    details: answerDetails(complaint, entry, config, 'Respuesta'),
    footnote: LEGAL_NOTES[1],
  });
}

/** A later note on a complaint, when the operator chose to send it. */
export function complaintNoteMail(complaint: Complaint, entry: ComplaintEntry, config: Config): MailMessage {
  const type = COMPLAINT_TYPES[complaint.type].toLowerCase();
  return composeMail({
    to: complaint.email,
    kind: 'complaint-note',
    subject: `Información sobre tu ${type} N.° ${complaint.number}`,
    greeting: `Hola, ${complaint.name}:`,
    paragraphs: [`Te escribimos sobre tu ${type} N.° ${complaint.number}.`, entry.text],
    details: answerDetails(complaint, entry, config, 'Nota'),
    footnote: LEGAL_NOTES[1],
  });
}

export interface DigestLine {
  number: string;
  typeLabel: string;
  consumer: string;
  dueOn: string;
  overdue: boolean;
  businessDaysLeft: number;
}

/** The operators' daily list of complaints due within 3 business days or overdue. */
export function complaintDigestMail(to: { email: string; name: string }, lines: DigestLine[], adminUrl: string): MailMessage {
  const overdue = lines.filter((l) => l.overdue).length;
  const soon = lines.length - overdue;
  const parts = [overdue ? `${overdue} vencido${overdue === 1 ? '' : 's'}` : '', soon ? `${soon} por vencer` : ''].filter(Boolean);
  return composeMail({
    to: to.email,
    kind: 'complaint-digest',
    subject: `Libro de Reclamaciones: ${parts.join(' y ')}`,
    greeting: `Hola, ${to.name}:`,
    paragraphs: [
      'Estos reclamos y quejas aún no tienen respuesta y su plazo de 15 días hábiles vence en 3 días hábiles o menos, o ya venció.',
    ],
    details: lines.map((l) => ({
      label: `${l.number} (${l.typeLabel})`,
      value: `${l.consumer}. ${l.overdue ? `Venció el ${displayDate(l.dueOn)}` : `Vence el ${displayDate(l.dueOn)}${l.businessDaysLeft === 0 ? ' (hoy)' : ''}`}`,
    })),
    action: { label: 'Abrir el Libro de Reclamaciones', url: adminUrl },
  });
}
