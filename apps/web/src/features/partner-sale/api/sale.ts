// The adviser's one form (issue 30 §2): POST /api/partner/contracts, and the branches to choose from.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PartnerBranchData } from '@recuerdos/shared/partner-api-types';
import type { PartnerSaleValues } from '@recuerdos/shared/partner-schemas';
import { partnerApi } from '../../../lib/partner/partner-api';
import { partnerKeys } from '../../../lib/partner/keys';

export interface Sale {
  contract: string;
  identifier: string;
  person: string;
  email: string;
  type: 'P' | 'U';
  guestUrl: string;
  whatsappUrl: string;
  /** With a photo: whether it was stored; null without one. */
  photoSaved: boolean | null;
}

export function getBranches(): Promise<{ branches: PartnerBranchData[] }> {
  return partnerApi.get<{ branches: PartnerBranchData[] }>('/branches');
}

/** The sale as JSON; with the first photo, a multipart form: the sale as JSON in `sale`, and `picture`. */
export function sellMemorial({ values, photo }: { values: PartnerSaleValues; photo: Blob | null }) {
  if (photo) return partnerApi.sendForm<{ sale: Sale }>('/contracts', { sale: JSON.stringify(values), picture: photo });
  return partnerApi.send<{ sale: Sale }>('/contracts', { ...values });
}

export function branchesQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: partnerKeys.branches(), queryFn: getBranches, enabled });
}

export function useBranches(enabled: boolean) {
  return useQuery(branchesQueryOptions(enabled));
}

export function useSellMemorial() {
  return useMutation({ mutationFn: sellMemorial });
}
