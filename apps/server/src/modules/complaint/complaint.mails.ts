// The consumer's copy of a complaint and the business's own copy (DESIGN §7).
import { COMPLAINT_TYPES } from '@recuerdos/shared/complaint-schemas';
import type { Config } from '../../config';
import type { Complaint } from '../../db/schema';
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
