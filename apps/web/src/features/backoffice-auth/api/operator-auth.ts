// The operator's login steps and password (issue 15 §1): /api/admin/auth/*.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { EnrollmentData, OperatorLoginData, OperatorMe, OperatorSessionData } from '@recuerdos/shared/admin-api-types';
import { adminApi } from '../../../lib/operator/admin-api';
import { adminKeys } from '../../../lib/operator/keys';
import { getOperatorSession, setOperatorSession } from '../../../lib/operator/operator-session';

export interface OperatorCredentials {
  email: string;
  password: string;
}

export type SecondFactorStep = 'enroll' | 'verify';

export function operatorLogin(input: OperatorCredentials): Promise<OperatorLoginData> {
  return adminApi.post<OperatorLoginData>('/auth/login', { ...input });
}

export function startEnrollment(): Promise<EnrollmentData> {
  return adminApi.post<EnrollmentData>('/auth/enroll');
}

export function sendSecondFactor(step: SecondFactorStep, input: { code: string }): Promise<OperatorSessionData> {
  return adminApi.post<OperatorSessionData>(step === 'enroll' ? '/auth/enroll/confirm' : '/auth/verify', input);
}

export function getSetPasswordLink(token: string): Promise<{ operator: OperatorMe }> {
  return adminApi.get<{ operator: OperatorMe }>('/auth/set-password', { token });
}

export function setOperatorPassword(input: { token: string; password: string }) {
  return adminApi.send('/auth/set-password', input);
}

export function changeOperatorPassword(input: { currentPassword: string; newPassword: string }) {
  return adminApi.send<{ token: string }>('/auth/change-password', input);
}

export function useOperatorLogin() {
  return useMutation({
    mutationFn: operatorLogin,
    onSuccess: (data) => setOperatorSession({ token: data.token, operator: null }),
  });
}

export function useStartEnrollment() {
  return useMutation({ mutationFn: startEnrollment });
}

/** Completes the login; the session becomes complete (recovery codes come back after enrolment). */
export function useSecondFactor(step: SecondFactorStep) {
  return useMutation({ mutationFn: (input: { code: string }) => sendSecondFactor(step, input) });
}

export function completeLogin(data: OperatorSessionData): void {
  setOperatorSession({ token: data.token, operator: data.operator });
}

export function setPasswordLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: adminKeys.setPasswordLink(token),
    queryFn: () => getSetPasswordLink(token),
    /** Whose link it is. */
    select: (data) => data.operator,
    retry: false,
    enabled: token !== '',
  });
}

export function useSetPasswordLink(token: string) {
  return useQuery(setPasswordLinkQueryOptions(token));
}

export function useSetPassword() {
  return useMutation({ mutationFn: setOperatorPassword });
}

export function useChangeOperatorPassword() {
  return useMutation({
    mutationFn: changeOperatorPassword,
    onSuccess: (envelope) => {
      const session = getOperatorSession();
      if (session) setOperatorSession({ ...session, token: envelope.data.token });
    },
  });
}
