// Libro de Reclamaciones (spec §3 'Complaint', §5 'Complaints').
import { z } from './zod';
import { emailField, requiredText } from './fields';

export const COMPLAINT_MESSAGES = {
  dateRequired: 'Ingresa la fecha',
  dateInvalid: 'Ingresa la fecha en el formato dd/mm/aaaa',
  nameRequired: 'Ingresa tu nombre',
  lastnameRequired: 'Ingresa tus apellidos',
  emailRequired: 'Ingresa tu email',
  contractRequired: 'Ingresa tu número de contrato',
  documentRequired: 'Ingresa tu número de documento',
  phoneRequired: 'Ingresa tu número de teléfono',
  typeRequired: 'Ingresa el tipo',
  detailRequired: 'Ingresa el detalle de la reclamación',
  orderRequired: 'Ingresa el pedido del consumidor',
  tooLong: 'El texto es demasiado largo',
} as const;

const M = COMPLAINT_MESSAGES;

export const COMPLAINT_TYPES = { '1': 'Reclamo', '2': 'Queja' } as const;
export type ComplaintType = keyof typeof COMPLAINT_TYPES;

export const complaintSchema = z.object({
  date: requiredText(M.dateRequired).regex(/^\d{2}\/\d{2}\/\d{4}$/, M.dateInvalid),
  name: requiredText(M.nameRequired).max(60, M.tooLong),
  lastname: requiredText(M.lastnameRequired).max(80, M.tooLong),
  email: emailField({ requiredMessage: M.emailRequired, max: 80 }),
  contract: requiredText(M.contractRequired).max(40, M.tooLong),
  document: requiredText(M.documentRequired).max(20, M.tooLong),
  phone: requiredText(M.phoneRequired).max(20, M.tooLong),
  type: z.enum(['1', '2'], { error: M.typeRequired }),
  detail: requiredText(M.detailRequired, { multiline: true }).max(3000, M.tooLong),
  order: requiredText(M.orderRequired, { multiline: true }).max(2000, M.tooLong),
});
export type ComplaintInput = z.input<typeof complaintSchema>;
