import type { EnrollmentData, OperatorLoginData, OperatorMe, OperatorSessionData } from '@recuerdos/shared/admin-api-types';
import type { Operator } from '../../db/schema';
import type { CompletedLogin } from './operator.service';

export function presentOperator(operator: Pick<Operator, 'email' | 'name'>): OperatorMe {
  return { email: operator.email, name: operator.name };
}

export function presentLogin(result: { token: string; next: 'enroll' | 'verify' }): OperatorLoginData {
  return { token: result.token, next: result.next };
}

export function presentEnrollment(result: EnrollmentData): EnrollmentData {
  return { secret: result.secret, uri: result.uri, qr: result.qr };
}

export function presentCompletedLogin(result: CompletedLogin): OperatorSessionData {
  return {
    token: result.token,
    operator: presentOperator(result.operator),
    ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}),
    ...(result.recoveryCodesLeft !== undefined ? { recoveryCodesLeft: result.recoveryCodesLeft } : {}),
  };
}
