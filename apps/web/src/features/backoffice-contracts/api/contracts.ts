// /api/admin/contracts* (issue 15 §2): search, detail and the operator's changes. Each change reads
// the contracts again.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContract, AdminContractDetail } from '@recuerdos/shared/admin-api-types';
import type { AdminCreateContractInput, AddDisclaimerInput } from '@recuerdos/shared/admin-schemas';
import type { Envelope } from '@recuerdos/shared/api-types';
import { adminApi } from '../../../lib/operator/admin-api';
import { adminKeys } from '../../../lib/operator/keys';

export interface CreatedContract {
  contract: { number: string; identifier: string; email: string; accessCode: string };
}

const path = (number: string) => `/contracts/${encodeURIComponent(number)}`;

export function searchContracts(q: string): Promise<{ contracts: AdminContract[] }> {
  return adminApi.get<{ contracts: AdminContract[] }>('/contracts', { q });
}

export function getContract(number: string): Promise<{ contract: AdminContractDetail }> {
  return adminApi.get<{ contract: AdminContractDetail }>(path(number));
}

export function createContract(input: AdminCreateContractInput) {
  return adminApi.send<CreatedContract>('/contracts', { ...input });
}

export function resendActivation(number: string) {
  return adminApi.send(`${path(number)}/resend-activation`);
}

export function changeEndDate(number: string, input: { expiresOn: string }) {
  return adminApi.send(`${path(number)}/end-date`, input);
}

export function addDisclaimer(number: string, input: AddDisclaimerInput) {
  return adminApi.send(`${path(number)}/disclaimers`, { ...input });
}

export function removeDisclaimer(number: string, id: number) {
  return adminApi.send(`${path(number)}/disclaimers/${id}/remove`);
}

export function contractSearchQueryOptions(q: string) {
  return queryOptions({ queryKey: adminKeys.contractSearch(q), queryFn: () => searchContracts(q), placeholderData: keepPreviousData });
}

export function contractQueryOptions(number: string) {
  return queryOptions({ queryKey: adminKeys.contract(number), queryFn: () => getContract(number) });
}

export function useContractSearch(q: string) {
  return useQuery(contractSearchQueryOptions(q));
}

export function useContract(number: string) {
  return useQuery(contractQueryOptions(number));
}

function useContractChange<I, T>(request: (input: I) => Promise<Envelope<T>>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.contracts() }) });
}

export const useCreateContract = () => useContractChange(createContract);
export const useResendActivation = (number: string) => useContractChange(() => resendActivation(number));
export const useChangeEndDate = (number: string) => useContractChange((input: { expiresOn: string }) => changeEndDate(number, input));
export const useAddDisclaimer = (number: string) => useContractChange((input: AddDisclaimerInput) => addDisclaimer(number, input));
export const useRemoveDisclaimer = (number: string) => useContractChange((id: number) => removeDisclaimer(number, id));
