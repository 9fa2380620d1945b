// A partner admin's branches and advisers (issue 30 §1): /api/partner/branches and /api/partner/staff.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerBranchData, PartnerStaffData } from '@recuerdos/shared/partner-api-types';
import type { CreateBranchInput } from '@recuerdos/shared/partner-schemas';
import { partnerApi } from '../../../lib/partner/partner-api';
import { partnerKeys } from '../../../lib/partner/keys';

export function getStaff(): Promise<{ staff: PartnerStaffData[] }> {
  return partnerApi.get<{ staff: PartnerStaffData[] }>('/staff');
}

export function getBranches(): Promise<{ branches: PartnerBranchData[] }> {
  return partnerApi.get<{ branches: PartnerBranchData[] }>('/branches');
}

export function staffQueryOptions() {
  return queryOptions({ queryKey: partnerKeys.staff(), queryFn: getStaff });
}

export function branchListQueryOptions() {
  return queryOptions({ queryKey: partnerKeys.branches(), queryFn: getBranches });
}

export function useStaff() {
  return useQuery(staffQueryOptions());
}

export function useBranchList() {
  return useQuery(branchListQueryOptions());
}

export function useAddBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBranchInput) => partnerApi.send<{ branch: PartnerBranchData }>('/branches', { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.branches() }),
  });
}

export function useAddAdviser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; name: string; branchId: number }) => partnerApi.send<{ id: number; setPasswordUrl: string | null }>('/staff', { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.staff() }),
  });
}
