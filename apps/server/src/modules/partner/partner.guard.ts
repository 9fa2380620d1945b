// Who is calling the partner area: the `partner` header names a partner session (never an owner's
// `token`, a guest's `guest` or an operator's `operator`, which are other tables). Every
// /api/partner/* route outside the sign-in steps sits behind `requirePartner`, registered once. The
// guard is the staff realms' one (staff-auth.guard.ts).
import { staffGuard } from '../staff-auth/staff-auth.guard';
import { PARTNER_REALM } from './partner.service';

export const PARTNER_HEADER = PARTNER_REALM.header;

export const partnerGuard = staffGuard(PARTNER_REALM);

export const optionalPartner = partnerGuard.optional;

/** A complete partner session (an adviser's password; an admin's second factor too), or 401. */
export const requirePartner = partnerGuard.require;

/** An admin's session between the password and the second factor, or 401 (409 when already complete). */
export const requirePartnerStep = partnerGuard.requireStep;
