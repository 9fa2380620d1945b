// /api/admin/contracts* (issue 15 §2): search, detail and the operator's changes. Each mutation
// refreshes what it changed.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContract, AdminContractDetail } from '@recuerdos/shared/admin-api-types';
import type { AdminCreateContractInput, AddDisclaimerInput } from '@recuerdos/shared/admin-schemas';
import { adminApi } from '../../../lib/operator/admin-api';

const keys = {
  all: ['admin', 'contracts'] as const,
  search: (q: string) => ['admin', 'contracts', 'search', q] as const,
  detail: (number: string) => ['admin', 'contracts', 'detail', number] as const,
};

export function useContractSearch(q: string) {
  return useQuery({
    queryKey: keys.search(q),
    queryFn: () => adminApi.get<{ contracts: AdminContract[] }>('/contracts', { q }),
    placeholderData: keepPreviousData,
  });
}

export function useContract(number: string) {
  return useQuery({ queryKey: keys.detail(number), queryFn: () => adminApi.get<{ contract: AdminContractDetail }>(`/contracts/${encodeURIComponent(number)}`) });
}

export function useCreateContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCreateContractInput) => adminApi.send<{ contract: { number: string; identifier: string; email: string; accessCode: string } }>('/contracts', { ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

function useContractChange<I>(number: string, request: (input: I) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useResendActivation = (number: string) =>
  useContractChange(number, () => adminApi.send(`/contracts/${encodeURIComponent(number)}/resend-activation`));
export const useChangeEndDate = (number: string) =>
  useContractChange(number, (input: { expiresOn: string }) => adminApi.send(`/contracts/${encodeURIComponent(number)}/end-date`, input));
export const useAddDisclaimer = (number: string) =>
  useContractChange(number, (input: AddDisclaimerInput) => adminApi.send(`/contracts/${encodeURIComponent(number)}/disclaimers`, { ...input }));
export const useRemoveDisclaimer = (number: string) =>
  useContractChange(number, (id: number) => adminApi.send(`/contracts/${encodeURIComponent(number)}/disclaimers/${id}/remove`));
