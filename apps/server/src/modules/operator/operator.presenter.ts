import type { OperatorLoginData, OperatorMe, OperatorSessionData } from '@recuerdos/shared/admin-api-types';
import type { Operator } from '../../db/schema';
import type { CompletedLogin } from '../staff-auth/staff-auth.service';

export function presentOperator(operator: Pick<Operator, 'email' | 'name'>): OperatorMe {
  return { email: operator.email, name: operator.name };
}

/** An operator always gives the second factor: the password step never answers 'done'. */
export function presentLogin(result: { token: string; next: 'done' | 'enroll' | 'verify' }): OperatorLoginData {
  if (result.next === 'done') throw new Error('An operator signed in without the second factor');
  return { token: result.token, next: result.next };
}

export function presentCompletedLogin(result: CompletedLogin<Operator>): OperatorSessionData {
  return {
    token: result.token,
    operator: presentOperator(result.user),
    ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}),
    ...(result.recoveryCodesLeft !== undefined ? { recoveryCodesLeft: result.recoveryCodesLeft } : {}),
  };
}
