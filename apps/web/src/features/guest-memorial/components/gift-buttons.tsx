// 'Enciende una vela' and 'Deja tus flores' (spec §2): each adds one to its count once the server
// accepts it (spec §4), disabled while its call runs; a refusal (too many in a short time) is said
// gently in a toast.
import { useState } from 'react';
import { Button } from '../../../components/button';
import { FlameIcon, FlowerIcon } from '../../../components/memorial/memorial-icons';
import { showToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-client';
import { giveGift, type GiftType } from '../api/give-gift';

interface GiftButtonsProps {
  identifier: string;
  onGiven: (type: GiftType) => void;
}

export function GiftButtons({ identifier, onGiven }: GiftButtonsProps) {
  const [running, setRunning] = useState<GiftType | null>(null);

  const give = async (type: GiftType) => {
    setRunning(type);
    try {
      await giveGift(identifier, type);
      onGiven(type);
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
    </div>
  );
}
