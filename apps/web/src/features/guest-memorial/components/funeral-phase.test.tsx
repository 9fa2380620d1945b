// The funeral phase on the QR page (issue 30 §4): while it lasts the rites come first, before the
// profile, with "Con el acompañamiento de <funeraria>"; afterwards the page is the family's memorial
// alone, the rites in their usual place below the profile.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GuestViewData } from '@recuerdos/shared/api-types';
import type { MemorialEvent } from '@recuerdos/shared/remembrance-text';
import { mockApi, renderRoute } from '../../../test/render';

const person = { fullname: 'Rosa Mamani', birthdate: '1941-03-14', deathdate: '2026-11-20', description: 'Siempre', location: 'Lima', profilepath: '' };
const velorio: MemorialEvent = { id: 1, kind: 'velorio', name: 'Velorio', title: '', date: '2099-03-14', time: '19:00', place: 'Sala 1', mapUrl: '', past: false };

function showMemorial(extra: Partial<GuestViewData>) {
  mockApi({
    'GET /person/verify-type-account': () => ({ code: '200', data: { type: 'U', fullname: 'Rosa Mamani', flagmsg: '1', flagpic: '1' } }),
    'GET /person/guest-view': () => ({
      code: '200',
      data: { type: 'U', fullname: 'Rosa Mamani', flagmsg: '1', flagpic: '1', personData: person, gifts: { candles: 0, flowers: 0 }, adminPosts: [], guestPosts: [], events: [velorio], reminders: true, ...extra },
    }),
  });
  renderRoute('/guest?id=abc');
}

/** Whether `first` comes before `second` in the document. */
const before = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('the QR page during the funeral phase', () => {
  it('shows the rites first, with the funeral home’s line', async () => {
    showMemorial({ funeral: { partner: 'Funeraria San Martín' } });
    const name = await screen.findByRole('heading', { level: 1, name: 'Rosa Mamani' });
    const rites = await screen.findByRole('heading', { level: 2, name: 'Ceremonias' });
    expect(before(rites, name)).toBe(true);
    const line = screen.getByText('Con el acompañamiento de Funeraria San Martín');
    expect(rites.closest('section')?.contains(line)).toBe(true);
    expect(screen.getByText('Sala 1')).toBeTruthy();
  });

  it('shows the funeral home’s logo beside its line, with its name as alt text and a fixed size', async () => {
    showMemorial({ funeral: { partner: 'Funeraria San Martín', logo: '/media/AbCdEfGhIjKlMnOpQrStUv.webp' } });
    const logo = await screen.findByRole('img', { name: 'Funeraria San Martín' });
    expect(logo.getAttribute('src')).toBe('/media/AbCdEfGhIjKlMnOpQrStUv.webp');
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['120', '48']);
    const line = screen.getByText('Con el acompañamiento de Funeraria San Martín');
    expect(line.parentElement?.contains(logo)).toBe(true);
  });

  it('shows no logo for a funeral home without one', async () => {
    showMemorial({ funeral: { partner: 'Funeraria San Martín' } });
    await screen.findByText('Con el acompañamiento de Funeraria San Martín');
    expect(screen.queryByRole('img', { name: 'Funeraria San Martín' })).toBeNull();
  });

  it('afterwards is the family’s memorial alone: the profile first, no funeral home', async () => {
    showMemorial({});
    const name = await screen.findByRole('heading', { level: 1, name: 'Rosa Mamani' });
    const rites = await screen.findByRole('heading', { level: 2, name: 'Ceremonias' });
    expect(before(name, rites)).toBe(true);
    expect(screen.queryByText(/Con el acompañamiento de/)).toBeNull();
  });
});
