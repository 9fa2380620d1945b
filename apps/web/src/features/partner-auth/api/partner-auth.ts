// The partner staff's sign-in steps (issue 30 §1): /api/partner/auth/*.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PartnerEnrollmentData, PartnerLoginData, PartnerMe, PartnerSessionData } from '@recuerdos/shared/partner-api-types';
import { partnerApi } from '../../../lib/partner/partner-api';
import { partnerKeys } from '../../../lib/partner/keys';
import { setPartnerSession } from '../../../lib/partner/partner-session';

export type SecondFactorStep = 'enroll' | 'verify';

function partnerLogin(input: { email: string; password: string }): Promise<PartnerLoginData> {
  return partnerApi.post<PartnerLoginData>('/auth/login', { ...input });
}

function fetchMe(token: string): Promise<{ user: PartnerMe }> {
  setPartnerSession({ token, user: null });
  return partnerApi.get<{ user: PartnerMe }>('/auth/me');
}

/** Stores the complete session with who is signed in. */
export async function completeSignIn(token: string): Promise<void> {
  const { user } = await fetchMe(token);
  setPartnerSession({ token, user });
}

export function usePartnerLogin() {
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) => {
      const data = await partnerLogin(input);
      if (data.next === 'done') await completeSignIn(data.token);
      else setPartnerSession({ token: data.token, user: null });
      return data;
    },
  });
}

export function useStartEnrollment() {
  return useMutation({ mutationFn: () => partnerApi.post<PartnerEnrollmentData>('/auth/enroll') });
}

export function useSecondFactor(step: SecondFactorStep) {
  return useMutation({
    mutationFn: (input: { code: string }) => partnerApi.post<PartnerSessionData>(step === 'enroll' ? '/auth/enroll/confirm' : '/auth/verify', input),
  });
}

export function getSetPasswordLink(token: string): Promise<{ user: { email: string; name: string } }> {
  return partnerApi.get<{ user: { email: string; name: string } }>('/auth/set-password', { token });
}

export function setPasswordLinkQueryOptions(token: string) {
  return queryOptions({ queryKey: partnerKeys.setPasswordLink(token), queryFn: () => getSetPasswordLink(token), select: (data) => data.user, retry: false, enabled: token !== '' });
}

export function useSetPasswordLink(token: string) {
  return useQuery(setPasswordLinkQueryOptions(token));
}

export function useSetPassword() {
  return useMutation({ mutationFn: (input: { token: string; password: string }) => partnerApi.send('/auth/set-password', input) });
}
