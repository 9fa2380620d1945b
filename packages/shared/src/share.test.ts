import { describe, expect, it } from 'vitest';
import { shareText, whatsappShareUrl } from './share';

describe('whatsappShareUrl', () => {
  it('puts the kind text and the link in one encoded wa.me message', () => {
    const url = whatsappShareUrl('Rosa Ñahui', 'https://recuerdos.pe/guest?id=Ab12&x=1');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    const text = url.slice('https://wa.me/?text='.length);
    expect(text).not.toMatch(/[ &?#]/);
    expect(decodeURIComponent(text)).toBe(`${shareText('Rosa Ñahui')} https://recuerdos.pe/guest?id=Ab12&x=1`);
    expect(shareText('Rosa Ñahui')).toBe('Te comparto el memorial de Rosa Ñahui. Puedes visitarlo, encenderle una vela y dejarle un recuerdo:');
  });
});
