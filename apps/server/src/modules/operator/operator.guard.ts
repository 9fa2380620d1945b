// Who is calling the back office: the `operator` header names an operator session (never an
// owner's `token`, a guest's `guest` or a partner's `partner`, which are other tables). Every
// /api/admin/* route outside the login steps sits behind `requireOperator`, registered once for the
// whole group (admin.routes.ts). The guard is the staff realms' one (staff-auth.guard.ts).
import { staffGuard } from '../staff-auth/staff-auth.guard';
import { OPERATOR_REALM } from './operator.service';

export const OPERATOR_HEADER = OPERATOR_REALM.header;

export const operatorGuard = staffGuard(OPERATOR_REALM);

export const optionalOperator = operatorGuard.optional;

/** A complete operator session (password and second factor), or 401. */
export const requireOperator = operatorGuard.require;

/** A session between the password and the second factor, or 401 (409 when already complete). */
export const requireOperatorStep = operatorGuard.requireStep;
