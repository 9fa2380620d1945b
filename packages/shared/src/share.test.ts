import { describe, expect, it } from 'vitest';
import { eventShareText } from './remembrance-text';
import { shareText, visitorsCan, visitorsMayLeaveMemories, whatsappShareUrl } from './share';

const LINK = 'https://recuerdos.pe/guest?id=Ab12&x=1';

describe('whatsappShareUrl', () => {
  it('puts the kind text and the link in one encoded wa.me message', () => {
    const url = whatsappShareUrl('Rosa Ñahui', LINK, { memories: true });
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    const text = url.slice('https://wa.me/?text='.length);
    expect(text).not.toMatch(/[ &?#]/);
    expect(decodeURIComponent(text)).toBe(`Te comparto el memorial de Rosa Ñahui. Puedes visitarlo, encenderle una vela y dejarle un recuerdo: ${LINK}`);
  });

  it('carries the access code on a line of its own only when the family chose to send it (issue 28 §1)', () => {
    const withCode = decodeURIComponent(whatsappShareUrl('Rosa Ñahui', LINK, { memories: true, accessCode: 'rosa2024' }).slice(20));
    expect(withCode).toBe(`${shareText('Rosa Ñahui', { memories: true })} ${LINK}\nCódigo de acceso: rosa2024`);
    expect(decodeURIComponent(whatsappShareUrl('Rosa Ñahui', LINK, { memories: true, accessCode: '' }))).not.toContain('Código');
    expect(eventShareText('Rosa', { name: 'Velorio', date: '2026-11-28', time: '19:30', place: 'Casa' }, LINK, 'rosa2024')).toBe(
      `Velorio de Rosa: sábado 28 de noviembre del 2026, 19:30, en Casa. Acompáñanos. Memorial: ${LINK}\nCódigo de acceso: rosa2024`,
    );
    expect(eventShareText('Rosa', { name: 'Velorio', date: '2026-11-28', time: '', place: 'Casa' }, LINK)).not.toContain('Código');
  });
});

describe('what visitors are promised (issue 28 §2)', () => {
  it('promises a memory only where visitors may leave one: a private memorial whose flags allow it', () => {
    expect(visitorsMayLeaveMemories({ type: 'U', flagmsg: '1', flagpic: '1' })).toBe(false);
    expect(visitorsMayLeaveMemories({ type: 'P', flagmsg: '0', flagpic: '0' })).toBe(false);
    expect(visitorsMayLeaveMemories({ type: 'P', flagmsg: '0', flagpic: '1' })).toBe(true);
    expect(visitorsMayLeaveMemories({ type: 'P', flagmsg: '1', flagpic: '0' })).toBe(true);
    expect(shareText('Rosa', { memories: false })).toBe('Te comparto el memorial de Rosa. Puedes visitarlo, encenderle una vela y dejarle flores:');
    expect(shareText('Rosa', { memories: false })).not.toContain('recuerdo');
  });

  it('tells the family in one line what a visitor can do in each state', () => {
    expect(visitorsCan({ type: 'U', flagmsg: '1', flagpic: '1' })).toBe(
      'Cualquiera con el enlace puede verlo, encender una vela y dejar flores; los recuerdos solo los publicas tú.',
    );
    expect(visitorsCan({ type: 'P', flagmsg: '0', flagpic: '0' })).toBe('Solo quien tenga el código puede verlo, encender una vela y dejar flores.');
    expect(visitorsCan({ type: 'P', flagmsg: '1', flagpic: '0' })).toContain('dejar flores y dejar mensajes, que se muestran cuando los apruebas.');
    expect(visitorsCan({ type: 'P', flagmsg: '0', flagpic: '1' })).toContain('dejar flores y subir fotos y videos,');
    expect(visitorsCan({ type: 'P', flagmsg: '1', flagpic: '1' })).toContain('dejar flores y dejar mensajes, fotos y videos,');
  });
});
