// 'Enciende una vela' and 'Deja tus flores' (spec §2): each adds one to its count once the server
// accepts it (spec §4), disabled while its call runs; a refusal (too many in a short time) is said
// gently in a toast. Accepted, the visitor is thanked with a line naming the person and a small
// flame or flower that rises and fades (still where the visitor asks for less motion; issue 14 §4).
// Once the count shows '+99', the thanks says the exact number: the count alone would not change
// (issue 28 §14).
import { useState } from 'react';
import type { Gifts } from '@recuerdos/shared/api-types';
import { wholeNumber } from '@recuerdos/shared/format';
import { LIMITS } from '@recuerdos/shared/limits';
import { Button } from '../../../components/button';
import { FlameIcon, FlowerIcon } from '../../../components/memorial/memorial-icons';
import { showToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-client';
import { giveGift, type GiftType } from '../api/give-gift';

interface GiftButtonsProps {
  identifier: string;
  /** The person's name, for the thanks. */
  fullname: string;
  onGiven: (type: GiftType) => void;
}

/** The thanks; `count` (the server's, this gift included) is said once the profile shows it capped. */
export function giftThanks(type: GiftType, fullname: string, count = 0): string {
  const thanks = type === 'V' ? `Encendiste una vela en memoria de ${fullname}` : `Dejaste flores en memoria de ${fullname}`;
  if (count <= LIMITS.giftDisplayCap) return thanks;
  return `${thanks}. Ya son ${wholeNumber(count)} ${type === 'V' ? 'velas encendidas' : 'ramos de flores'}.`;
}

export function GiftButtons({ identifier, fullname, onGiven }: GiftButtonsProps) {
  const [running, setRunning] = useState<GiftType | null>(null);
  // A new key for each gift replays the animation, even for a second candle.
  const [thanks, setThanks] = useState<{ type: GiftType; key: number; count: number } | null>(null);

  const give = async (type: GiftType) => {
    setRunning(type);
    try {
      const reply = await giveGift(identifier, type);
      onGiven(type);
      // A reply not shaped as expected still thanks, without a number.
      const gifts = reply.gifts as Partial<Gifts> | undefined;
      const count = (type === 'V' ? gifts?.candles : gifts?.flowers) ?? 0;
      setThanks((last) => ({ type, key: (last?.key ?? 0) + 1, count: Number.isFinite(count) ? count : 0 }));
    } catch (err) {
      showToast('warning', errorMessage(err));
    } finally {
      setRunning(null);
    }
  };

  return (
    <div className="gift-buttons">
      <Button variant="secondary" className="gift-button gift-button--candle" icon={<FlameIcon />} loading={running === 'V'} onClick={() => void give('V')}>
        Enciende una vela
      </Button>
      <Button variant="secondary" className="gift-button gift-button--flower" icon={<FlowerIcon />} loading={running === 'F'} onClick={() => void give('F')}>
        Deja tus flores
      </Button>
      <p className="gift-thanks" role="status">
        {thanks ? (
          <span key={thanks.key} className="gift-thanks__line">
            <span className={`gift-thanks__sign gift-thanks__sign--${thanks.type === 'V' ? 'candle' : 'flower'}`} aria-hidden="true">
              {thanks.type === 'V' ? <FlameIcon /> : <FlowerIcon />}
            </span>
            {giftThanks(thanks.type, fullname, thanks.count)}
          </span>
        ) : null}
      </p>
    </div>
  );
}
