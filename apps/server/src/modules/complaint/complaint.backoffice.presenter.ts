// The complaints book → the back office's shapes (@recuerdos/shared/admin-api-types).
import type { AdminComplaint, AdminComplaintDetail, AdminHoliday } from '@recuerdos/shared/admin-api-types';
import { COMPLAINT_TYPES } from '@recuerdos/shared/complaint-schemas';
import type { Holiday } from '../../db/schema';
import type { BookEntry } from './complaint.book';

export function presentAdminComplaint(row: BookEntry): AdminComplaint {
  const c = row.complaint;
  return {
    number: c.number,
    year: c.year,
    createdAt: c.createdAt,
    type: c.type,
    typeLabel: COMPLAINT_TYPES[c.type],
    consumer: `${c.name} ${c.lastname}`,
    email: c.email,
    contract: c.contract,
    status: row.answer ? 'answered' : 'received',
    dueOn: row.dueOn,
    businessDaysLeft: row.businessDaysLeft,
    urgency: row.urgency,
    answeredAt: row.answer?.createdAt ?? null,
    partner: row.partner,
  };
}

export function presentAdminComplaintDetail(row: BookEntry): AdminComplaintDetail {
  const c = row.complaint;
  return {
    ...presentAdminComplaint(row),
    consumerDate: c.consumerDate,
    name: c.name,
    lastname: c.lastname,
    document: c.document,
    phone: c.phone,
    detail: c.detail,
    request: c.request,
    dueOnAtFiling: c.dueOn,
    entries: row.entries.map((e) => ({ kind: e.kind, text: e.text, operatorName: e.operatorName, emailedTo: e.emailedTo, createdAt: e.createdAt })),
  };
}

export function presentHoliday(row: Holiday): AdminHoliday {
  return { date: row.date, name: row.name, createdBy: row.createdBy, createdAt: row.createdAt };
}
