// A visitor's report of a memory on a memorial (issue 15 §4): which post, why, and optional details.
import { z } from 'zod';
import { identifierField, requiredText } from './fields';

export const REPORT_REASONS = {
  offensive: 'Es ofensivo, humillante o incita al odio',
  violent: 'Tiene contenido sexual o violento',
  false: 'Es falso o no corresponde a esta persona',
  private: 'Expone datos o imágenes privadas',
  spam: 'Es publicidad o spam',
  other: 'Otro motivo',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

export const REPORT_MESSAGES = {
  reasonRequired: 'Elige el motivo del reporte',
  detailsTooLong: 'El detalle puede tener hasta 500 caracteres',
  detailsRequired: 'Cuéntanos el motivo del reporte',
  postRequired: 'No encontramos este recuerdo',
  sent: 'Gracias. Nuestro equipo revisará este recuerdo',
} as const;

const reasonField = z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], { error: REPORT_MESSAGES.reasonRequired });
const detailsField = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(500, REPORT_MESSAGES.detailsTooLong));
const otherNeedsDetails = (v: { reason: ReportReason; details: string }) => v.reason !== 'other' || v.details !== '';
const otherNeedsDetailsIssue = { path: ['details'], message: REPORT_MESSAGES.detailsRequired };

/** The visitor's form: why (and, for 'other', what). */
export const reportFormSchema = z.object({ reason: reasonField, details: detailsField }).refine(otherNeedsDetails, otherNeedsDetailsIssue);
export type ReportFormInput = z.input<typeof reportFormSchema>;

/** POST /content/report-post: the form plus which memory (the memorial and the post's `date`/reg). */
export const reportPostSchema = z
  .object({
    identifier: identifierField,
    date: requiredText(REPORT_MESSAGES.postRequired).max(40, REPORT_MESSAGES.postRequired),
    reason: reasonField,
    details: detailsField,
  })
  .refine(otherNeedsDetails, otherNeedsDetailsIssue);
export type ReportPostInput = z.input<typeof reportPostSchema>;
