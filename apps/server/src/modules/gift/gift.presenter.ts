import type { Gifts } from '@recuerdos/shared/api-types';
import type { GiftCounts } from './gift.repository';

export function presentGifts(counts: GiftCounts): { gifts: Gifts } {
  return { gifts: { flowers: counts.flowers, candles: counts.candles } };
}
