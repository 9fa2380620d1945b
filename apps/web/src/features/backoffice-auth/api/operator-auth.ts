// The operator's login steps and password (issue 15 §1): /api/admin/auth/*.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { EnrollmentData, OperatorLoginData, OperatorMe, OperatorSessionData } from '@recuerdos/shared/admin-api-types';
import { adminApi } from '../../../lib/operator/admin-api';
import { getOperatorSession, setOperatorSession } from '../../../lib/operator/operator-session';

export function useOperatorLogin() {
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => adminApi.post<OperatorLoginData>('/auth/login', input),
    onSuccess: (data) => setOperatorSession({ token: data.token, operator: null }),
  });
}

export function useStartEnrollment() {
  return useMutation({ mutationFn: () => adminApi.post<EnrollmentData>('/auth/enroll') });
}

/** Completes the login; the session becomes complete (recovery codes come back after enrolment). */
export function useSecondFactor(step: 'enroll' | 'verify') {
  return useMutation({
    mutationFn: (input: { code: string }) => adminApi.post<OperatorSessionData>(step === 'enroll' ? '/auth/enroll/confirm' : '/auth/verify', input),
  });
}

export function completeLogin(data: OperatorSessionData): void {
  setOperatorSession({ token: data.token, operator: data.operator });
}

export function useSetPasswordLink(token: string) {
  return useQuery({
    queryKey: ['admin', 'set-password', token],
    queryFn: () => adminApi.get<{ operator: OperatorMe }>('/auth/set-password', { token }),
    retry: false,
    enabled: token !== '',
  });
}

export function useSetPassword() {
  return useMutation({ mutationFn: (input: { token: string; password: string }) => adminApi.send('/auth/set-password', input) });
}

export function useChangeOperatorPassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => adminApi.send<{ token: string }>('/auth/change-password', input),
    onSuccess: (envelope) => {
      const session = getOperatorSession();
      if (session) setOperatorSession({ ...session, token: envelope.data.token });
    },
  });
}
