// POST /gift/update-gift (spec §7): 'V' lights a candle, 'F' leaves flowers.
import type { Gifts } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';

export type GiftType = 'V' | 'F';

export function giveGift(identifier: string, type: GiftType): Promise<{ gifts: Gifts }> {
  return contentApi.post<{ gifts: Gifts }>('/gift/update-gift', { identifier, type });
}
