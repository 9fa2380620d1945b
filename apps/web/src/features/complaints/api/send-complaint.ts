// POST /internal/complaints (spec §7): the Libro de Reclamaciones entry; the server e-mails the
// consumer a copy with its number.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { complaintSchema } from '@recuerdos/shared/complaint-schemas';
import { usersApi } from '../../../lib/api';

export type ComplaintRequest = z.output<typeof complaintSchema>;

/** The server answers with the complaint's correlative number (e.g. '2026-000123'). */
export interface FiledComplaint {
  number?: string;
}

export function sendComplaint(request: ComplaintRequest): Promise<FiledComplaint> {
  return usersApi.post<FiledComplaint>('/internal/complaints', {
    date: request.date,
    name: request.name,
    lastname: request.lastname,
    email: request.email,
    contract: request.contract,
    document: request.document,
    phone: request.phone,
    type: request.type,
    detail: request.detail,
    order: request.order,
  });
}

export function useSendComplaint() {
  return useMutation({ mutationFn: sendComplaint });
}
