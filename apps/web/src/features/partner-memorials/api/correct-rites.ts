// The rites corrected before the family activates (issue 30 §3): POST /api/partner/memorials/:number/rites.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CorrectRitesInput } from '@recuerdos/shared/partner-schemas';
import { ApiError } from '../../../lib/api-client';
import { partnerApi } from '../../../lib/partner/partner-api';
import { partnerKeys } from '../../../lib/partner/keys';

export function correctRites(contract: string, values: CorrectRitesInput) {
  return partnerApi.send<Record<string, never>>(`/memorials/${encodeURIComponent(contract)}/rites`, { rites: values.rites });
}

export function useCorrectRites(contract: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CorrectRitesInput) => correctRites(contract, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.memorials() }),
    // 409: the family activated it meanwhile; the list then shows it without the button.
    onError: (err) => {
      if (err instanceof ApiError && err.code === '409') void queryClient.invalidateQueries({ queryKey: partnerKeys.memorials() });
    },
  });
}
