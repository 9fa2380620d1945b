// /api/admin/partners* (issue 30 §7): the funeral homes and camposantos that sell Recuerdos, one of
// them with its branches and staff, and the operator's changes. Each change reads the partners again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@recuerdos/shared/api-types';
import type { BackofficePartnerData, BackofficePartnerDetailData, PartnerBranchData } from '@recuerdos/shared/partner-api-types';
import type { CreateBranchInput, CreatePartnerInput } from '@recuerdos/shared/partner-schemas';
import { adminApi } from '../../../lib/operator/admin-api';
import { adminKeys } from '../../../lib/operator/keys';

export interface CreatedPartner {
  partner: { id: number; name: string; ruc: string };
  branch: { id: number; name: string };
}

/** The user form's values as the shared schema outputs them. */
export interface PartnerUserValues {
  email: string;
  name: string;
  role: 'admin' | 'adviser';
  branchId: number | null;
}

export interface CreatedPartnerUser {
  id: number;
  setPasswordUrl: string | null;
}

export function getPartners(): Promise<{ partners: BackofficePartnerData[] }> {
  return adminApi.get<{ partners: BackofficePartnerData[] }>('/partners');
}

export function getPartner(id: number): Promise<{ partner: BackofficePartnerDetailData }> {
  return adminApi.get<{ partner: BackofficePartnerDetailData }>(`/partners/${id}`);
}

export function createPartner(input: CreatePartnerInput) {
  return adminApi.send<CreatedPartner>('/partners', { ...input });
}

export function setSuspension(id: number, suspend: boolean) {
  return adminApi.send(`/partners/${id}/${suspend ? 'suspend' : 'resume'}`);
}

export function addBranch(id: number, input: CreateBranchInput) {
  return adminApi.send<{ branch: PartnerBranchData }>(`/partners/${id}/branches`, { ...input });
}

export function addPartnerUser(id: number, input: PartnerUserValues) {
  return adminApi.send<CreatedPartnerUser>(`/partners/${id}/users`, { email: input.email, name: input.name, role: input.role, branchId: input.branchId ?? '' });
}

export function uploadLogo(id: number, logo: File) {
  return adminApi.send<{ logo: string }>(`/partners/${id}/logo`, { logo });
}

export function partnersQueryOptions() {
  return queryOptions({ queryKey: adminKeys.partners(), queryFn: getPartners });
}

export function partnerQueryOptions(id: number) {
  return queryOptions({ queryKey: adminKeys.partner(id), queryFn: () => getPartner(id) });
}

export const usePartners = () => useQuery(partnersQueryOptions());
export const usePartner = (id: number) => useQuery(partnerQueryOptions(id));

function usePartnerChange<I, T>(request: (input: I) => Promise<Envelope<T>>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.partners() }) });
}

export const useCreatePartner = () => usePartnerChange(createPartner);
export const useSetSuspension = () => usePartnerChange(({ id, suspend }: { id: number; suspend: boolean }) => setSuspension(id, suspend));
export const useAddBranch = (id: number) => usePartnerChange((input: CreateBranchInput) => addBranch(id, input));
export const useAddPartnerUser = (id: number) => usePartnerChange((input: PartnerUserValues) => addPartnerUser(id, input));
export const useUploadLogo = (id: number) => usePartnerChange((logo: File) => uploadLogo(id, logo));
