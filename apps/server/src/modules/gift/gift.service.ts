// Candles ('V') and flowers ('F') (spec §3, §7 /gift/*).
import type { AppContext } from '../../context';
import { accessMemorial, type Caller } from '../../auth/memorial-access';
import { authorize, checkEmailParam } from '../../auth/permissions';
import { reserveAll } from '../../security/attempt-guard';
import { GIFT_POLICY } from './gift.policy';
import { addGift, giftCounts, type GiftCounts } from './gift.repository';

/** Per visitor IP and memorial: generous enough for a family sharing one connection at a wake. */
export const GIFT_LIMIT = { max: 60, windowMs: 60 * 60_000 } as const;

export const GIFT_MESSAGES = {
  tooMany: 'Gracias por tu cariño. Podrás dejar más velas y flores en unos minutos',
} as const;

export async function giftsForOwner(ctx: AppContext, caller: Caller, input: { identifier: string; email?: string | undefined }): Promise<GiftCounts> {
  const access = await accessMemorial(ctx.db, caller, input.identifier);
  authorize(GIFT_POLICY.readForOwner, access);
  checkEmailParam(caller, input.email);
  return giftCounts(ctx.db, access.memorial.id);
}

export async function giftsForGuest(ctx: AppContext, caller: Caller, identifier: string): Promise<GiftCounts> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(GIFT_POLICY.readForGuest, access);
  return giftCounts(ctx.db, access.memorial.id);
}

export async function giveGift(ctx: AppContext, caller: Caller, input: { identifier: string; type: 'F' | 'V' }): Promise<GiftCounts> {
  const access = await accessMemorial(ctx.db, caller, input.identifier);
  authorize(GIFT_POLICY.give, access);
  await reserveAll(ctx.limiter, [{ key: `gift:${access.memorial.id}:${caller.ip}`, cap: GIFT_LIMIT, message: GIFT_MESSAGES.tooMany }]);
  return addGift(ctx.db, access.memorial.id, input.type === 'V' ? 'candles' : 'flowers');
}
