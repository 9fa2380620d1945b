// The owner home's logic: card places counting down, the drop and keyboard rules of spec §4, the
// saved post's fallback (spec §8), and the access code saved 1 s after typing stops (spec §9).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnerPersonData, Post } from '@recuerdos/shared/api-types';
import { createQueryClient } from '../../app/query-client';
import { Toaster } from '../../components/toast';
import { accountKeys } from '../../lib/account/keys';
import { SAMPLE_PERSON, mockApi, storeUser } from '../../test/render';
import { cardPlaces, updateCardsOrder } from './api/update-cards-order';
import { savedPost } from './api/save-admin-post';
import { normalizeAccessCode } from './api/update-settings';
import { AddPostDialog } from './components/add-post-dialog';
import { PermissionsPanel } from './components/permissions-panel';
import { nearestSlot, stepTarget } from './components/reorder';

describe('card order', () => {
  it('counts places down from the list length, first card highest', () => {
    expect(cardPlaces([{ reg: 'a' }, { reg: 'b' }, { reg: 'c' }])).toEqual([
      { reg: 'a', place: 3 },
      { reg: 'b', place: 2 },
      { reg: 'c', place: 1 },
    ]);
  });

  it('does not send an empty list (spec §5)', async () => {
    const calls = mockApi({});
    expect(await updateCardsOrder('mem-1', [])).toBe(false);
    expect(calls).toEqual([]);
  });

  it('sends the new order with the memorial', async () => {
    const calls = mockApi({ 'POST /content/update-cards-order': () => ({ code: '200' }) });
    expect(await updateCardsOrder('mem-1', [{ reg: 'c' }, { reg: 'a' }, { reg: 'b' }])).toBe(true);
    expect(calls[0]?.body).toEqual({ identifier: 'mem-1', cards: JSON.stringify([{ reg: 'c', place: 3 }, { reg: 'a', place: 2 }, { reg: 'b', place: 1 }]) });
  });
});

describe('drop rule (spec §4)', () => {
  const slots = [
    { id: 'a', center: { x: 120, y: 120 } },
    { id: 'b', center: { x: 380, y: 120 } },
    { id: 'c', center: { x: 120, y: 420 } },
  ];

  it('takes the slot whose centre is nearest, under half a card width away', () => {
    expect(nearestSlot({ x: 360, y: 140 }, slots, 120)).toBe('b');
    expect(nearestSlot({ x: 130, y: 380 }, slots, 120)).toBe('c');
  });

  it('stays when even the nearest centre is half a card width or farther', () => {
    expect(nearestSlot({ x: 250, y: 120 }, slots, 120)).toBeNull();
    expect(nearestSlot({ x: 120, y: 240 }, slots, 120)).toBeNull();
    expect(nearestSlot({ x: 0, y: 0 }, [], 120)).toBeNull();
  });

  it('moves one place per arrow by keyboard, and not past either end', () => {
    const items = ['a', 'b', 'c'];
    expect(stepTarget(items, 'b', 'ArrowUp')).toBe('a');
    expect(stepTarget(items, 'b', 'ArrowLeft')).toBe('a');
    expect(stepTarget(items, 'b', 'ArrowDown')).toBe('c');
    expect(stepTarget(items, 'b', 'ArrowRight')).toBe('c');
    expect(stepTarget(items, 'a', 'ArrowUp')).toBeNull();
    expect(stepTarget(items, 'c', 'ArrowDown')).toBeNull();
    expect(stepTarget(items, 'x', 'ArrowDown')).toBeNull();
    expect(stepTarget(items, 'b', 'Tab')).toBeNull();
  });
});

describe('a saved post', () => {
  const input = { identifier: 'mem-1', message: 'Hola ', picture: null, video: null };

  it('takes its key, date and path from the reply and goes above the rest', () => {
    const post = savedPost({ data: { path: '/media/k.jpg', date: '2026-11-22 10:00:00.000', reg: '2026-11-22 10:00:00.000' } }, input, 4);
    expect(post).toEqual({ identifier: 'mem-1', reg: '2026-11-22 10:00:00.000', date: '2026-11-22 10:00:00.000', fullname: 'Familia', text: 'Hola', path: '/media/k.jpg', place: 5 });
  });

  it('is still added, with the current time and no path, when the reply is not shaped as expected (spec §8)', () => {
    const post = savedPost({}, input, 0, new Date('2026-11-22T15:04:05.006Z'));
    expect(post).toMatchObject({ reg: '2026-11-22 10:04:05.006', path: '', place: 1 });
  });
});

describe('access code (spec §5, §9)', () => {
  const person = SAMPLE_PERSON;

  beforeEach(() => {
    vi.useFakeTimers();
    storeUser();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderPanel(data: OwnerPersonData = person) {
    const client = createQueryClient();
    return render(
      <QueryClientProvider client={client}>
        <PermissionsPanel person={data} />
        <Toaster />
      </QueryClientProvider>,
    );
  }

  it('removes whitespace and saves once, 1 s after typing stops', async () => {
    const calls = mockApi({ 'POST /person/update-access-code': () => ({ code: '200', data: {} }) });
    renderPanel();
    const field = screen.getByLabelText<HTMLInputElement>('Código de acceso para los visitantes');
    expect(field.maxLength).toBe(15);
    fireEvent.change(field, { target: { value: 'mi clave' } });
    await act(() => vi.advanceTimersByTimeAsync(600));
    fireEvent.change(field, { target: { value: 'mi clave 2' } });
    expect(field.value).toBe('miclave2');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls.map((c) => [c.path, c.body])).toEqual([['/person/update-access-code', { identifier: 'mem-1', code: 'miclave2' }]]);
  });

  it('does not save an empty code and says it is needed', async () => {
    const calls = mockApi({});
    renderPanel();
    fireEvent.change(screen.getByLabelText('Código de acceso para los visitantes'), { target: { value: '  ' } });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls).toEqual([]);
    expect(screen.getByText('Ingresa el código de acceso')).toBeTruthy();
  });

  it('saves a code still waiting when the panel goes away', async () => {
    const calls = mockApi({ 'POST /person/update-access-code': () => ({ code: '200', data: {} }) });
    const view = renderPanel();
    fireEvent.change(screen.getByLabelText('Código de acceso para los visitantes'), { target: { value: 'nueva' } });
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.map((c) => c.body.code)).toEqual(['nueva']);
  });

  it('hides the code and the visitor questions at once when the profile turns public', async () => {
    const calls = mockApi({ 'POST /person/update-profile-type': () => ({ code: '200', data: {} }) });
    renderPanel();
    expect(screen.getByRole('group', { name: '¿Los invitados pueden dejar mensajes?' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Estado de perfil'), { target: { value: 'U' } });
    expect(screen.queryByLabelText('Código de acceso para los visitantes')).toBeNull();
    expect(screen.queryByRole('group', { name: '¿Los invitados pueden dejar mensajes?' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.map((c) => [c.path, c.body])).toEqual([['/person/update-profile-type', { identifier: 'mem-1', type: 'U' }]]);
  });

  const whatsappText = () => decodeURIComponent(screen.getByRole('link', { name: 'Compartir por WhatsApp' }).getAttribute('href') ?? '');

  it('saves the choice to send the code along, and the WhatsApp text carries it only when chosen (issue 28 §1)', async () => {
    const calls = mockApi({ 'POST /person/update-flag-share-code': () => ({ code: '200', data: {} }) });
    renderPanel();
    expect(whatsappText()).not.toContain('rosas');
    const choice = screen.getByRole('checkbox', { name: 'Enviar el código de acceso al compartir' });
    expect(choice.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Quien tenga el código puede entrar al memorial/)).toBeTruthy();
    fireEvent.click(choice);
    expect((choice as HTMLInputElement).checked).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.map((c) => [c.path, c.body])).toEqual([['/person/update-flag-share-code', { identifier: 'mem-1', flag: '1' }]]);
  });

  it('puts the stored code in the WhatsApp text of a private memorial, never of a public one', async () => {
    mockApi({ 'POST /person/update-profile-type': () => ({ code: '200', data: {} }) });
    renderPanel({ ...person, flagsharecode: '1' });
    expect(whatsappText()).toMatch(/dejarle un recuerdo: .*\nCódigo de acceso: rosas$/);
    fireEvent.change(screen.getByLabelText('Estado de perfil'), { target: { value: 'U' } });
    expect(whatsappText()).not.toContain('rosas');
    expect(screen.queryByRole('checkbox', { name: 'Enviar el código de acceso al compartir' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(0));
  });

  it('says what visitors can do as the memorial is set, and promises a memory only where they may leave one (issue 28 §2)', async () => {
    mockApi({ 'POST /person/update-profile-type': () => ({ code: '200', data: {} }) });
    renderPanel({ ...person, flagmsg: '0', flagpic: '0' });
    const state = screen.getByLabelText('Estado de perfil');
    expect(screen.getByText('Solo quien tenga el código puede verlo, encender una vela y dejar flores.')).toBeTruthy();
    expect(whatsappText()).toContain('encenderle una vela y dejarle flores:');
    fireEvent.change(state, { target: { value: 'U' } });
    expect(state.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/^Cualquiera con el enlace puede verlo/)).toBeTruthy();
    expect(whatsappText()).not.toContain('recuerdo');
    await act(() => vi.advanceTimersByTimeAsync(0));
  });

  it('says that each change was saved, or that it was not (issue 28 §11)', async () => {
    let refuse = false;
    mockApi({
      'POST /person/update-flag-message': () => (refuse ? { code: '500', message: 'Inténtalo de nuevo en unos minutos' } : { code: '200', data: {} }),
      'POST /person/update-access-code': () => ({ code: '200', data: {} }),
      'GET /person/get-person': () => ({ code: '200', data: { personData: person } }),
    });
    renderPanel();
    const messages = screen.getByRole('group', { name: '¿Los invitados pueden dejar mensajes?' });
    fireEvent.click(within(messages).getByLabelText('No'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Los invitados no pueden dejar mensajes.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Código de acceso para los visitantes'), { target: { value: 'abuela' } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.queryByText('El código de acceso ahora es abuela.')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('El código de acceso ahora es abuela.')).toBeTruthy();

    refuse = true;
    fireEvent.click(within(messages).getByLabelText('Sí'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('No pudimos guardar el cambio')).toBeTruthy();
    expect(screen.getByText('Inténtalo de nuevo en unos minutos')).toBeTruthy();
    expect(screen.queryByText('Los invitados pueden dejar mensajes.')).toBeNull();
  });

  it('normalises a code by removing every whitespace', () => {
    expect(normalizeAccessCode(' a b\tc\n')).toBe('abc');
  });
});

describe('add-post dialog', () => {
  it('stays open while the post is being sent (Escape, the close button), and closes once it is saved, the post first in the list', async () => {
    storeUser();
    const client = createQueryClient();
    const older: Post = { identifier: 'mem-1', reg: 'r-0', date: 'r-0', fullname: 'Familia', text: 'Antes', path: '', place: 3 };
    client.setQueryData(accountKeys.adminPosts('mem-1'), [older]);
    let answer: (envelope: { code: string; data: unknown }) => void = () => undefined;
    const calls = mockApi({
      'POST /content/save-admin-message': () =>
        // Answered later, by the test (the mock's type allows only a pending promise here).
        new Promise<never>((resolve) => {
          answer = (envelope) => resolve(envelope as never);
        }),
    });
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <AddPostDialog kind="message" onClose={onClose} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Mensaje'), { target: { value: 'Te extrañamos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls).toHaveLength(1));

    const dialog = screen.getByRole('dialog', { name: 'Deja tu mensaje' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).not.toHaveBeenCalled();

    answer({ code: '200', data: { data: { path: '', date: '2026-11-22 10:00:00', reg: 'r-1' } } });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(client.getQueryData<Post[]>(accountKeys.adminPosts('mem-1'))).toEqual([
      { identifier: 'mem-1', reg: 'r-1', date: '2026-11-22 10:00:00', fullname: 'Familia', text: 'Te extrañamos', path: '', place: 4 },
      older,
    ]);
  });
});
