// The date selects of 'Editar datos' (spec §2, §9): years from 1900, months up to this month in this
// year, days from year and month; a choice that stops existing is cleared. The epitaph's idea never
// replaces the family's words unless they choose it, and the saved photo shows (issue 28 §7, §8).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SAMPLE_PERSON, SAMPLE_USER, mockApi, renderRoute, storeUser } from '../../test/render';
import { dateOptions, fitDate, splitDate } from './components/date-parts';
import { ideaMayReplace } from './components/edit-data-page';

const TODAY = '2026-11-22';

describe('date options', () => {
  it('offers years from this one back to 1900', () => {
    const { years } = dateOptions({ year: '', month: '', day: '' }, TODAY);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(127);
  });

  it('offers the twelve months, and only up to this month in this year', () => {
    expect(dateOptions({ year: '2025', month: '', day: '' }, TODAY).months).toHaveLength(12);
    expect(dateOptions({ year: '2026', month: '', day: '' }, TODAY).months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('recomputes the days from year and month', () => {
    expect(dateOptions({ year: '2000', month: '02', day: '' }, TODAY).days).toHaveLength(29);
    expect(dateOptions({ year: '2001', month: '02', day: '' }, TODAY).days).toHaveLength(28);
    expect(dateOptions({ year: '2001', month: '04', day: '' }, TODAY).days).toHaveLength(30);
    expect(dateOptions({ year: '2026', month: '11', day: '' }, TODAY).days).toHaveLength(22);
    expect(dateOptions({ year: '', month: '', day: '' }, TODAY).days).toHaveLength(31);
  });
});

describe('fitDate', () => {
  it('keeps a date that still exists', () => {
    expect(fitDate({ year: '2000', month: '02', day: '29' }, TODAY)).toEqual({ year: '2000', month: '02', day: '29' });
  });

  it('clears a day that no longer exists', () => {
    expect(fitDate({ year: '2001', month: '02', day: '29' }, TODAY)).toEqual({ year: '2001', month: '02', day: '' });
    expect(fitDate({ year: '2026', month: '11', day: '30' }, TODAY)).toEqual({ year: '2026', month: '11', day: '' });
  });

  it('clears a future month of this year (a day every month has stays)', () => {
    expect(fitDate({ year: '2026', month: '12', day: '05' }, TODAY)).toEqual({ year: '2026', month: '', day: '05' });
    expect(fitDate({ year: '2026', month: '12', day: '31' }, TODAY)).toEqual({ year: '2026', month: '', day: '31' });
  });
});

describe('splitDate', () => {
  it('reads the server text (a date, or a date-time) into the three selects', () => {
    expect(splitDate('1941-03-14')).toEqual({ year: '1941', month: '03', day: '14' });
    expect(splitDate('2023-09-05T00:00:00.000Z')).toEqual({ year: '2023', month: '09', day: '05' });
    expect(splitDate('')).toEqual({ year: '', month: '', day: '' });
  });
});

describe('the edit form (issue 28 §7, §8)', () => {
  const person = {
    ...SAMPLE_PERSON,
    fullname: 'Rosa Quispe',
    profilepath: '/media/rosa.jpg',
    birthdate: '1941-03-12',
    deathdate: '2024-05-03',
    description: 'Siempre en nuestros corazones, mamá.',
    location: 'Lima',
  };
  const ideas = ['Tu luz sigue con nosotros.', 'Vivirás en cada recuerdo.'];

  function renderEditData(description = person.description) {
    storeUser();
    let asked = 0;
    mockApi({
      'POST /user/renew-token': () => ({ code: '200', data: { user: SAMPLE_USER, token: 'tok-2' } }),
      'GET /person/get-person': () => ({ code: '200', data: { personData: { ...person, description } } }),
      'GET /gift/get-gifts': () => ({ code: '200', data: { gifts: { candles: 0, flowers: 0 } } }),
      'GET /content/get-guest-pending-posts': () => ({ code: '200', data: { posts: [] } }),
      'GET /contract/get-disclaimers': () => ({ code: '200', data: { disclaimers: [] } }),
      'GET /content/epitafio/random': () => ({ code: '200', data: { epitafio: { description: ideas[asked++ % ideas.length] } } }),
    });
    renderRoute('/account/edit-basic-data');
  }

  it('keeps the family’s own epitaph when asked for an idea, and puts the idea in only when they choose it', async () => {
    renderEditData();
    const epitaph = await screen.findByLabelText<HTMLTextAreaElement>('Epitafio');
    expect(epitaph.value).toBe(person.description);
    await userEvent.click(screen.getByRole('button', { name: 'Dame una idea' }));
    expect(await screen.findByText('Tu luz sigue con nosotros.')).toBeTruthy();
    expect(screen.getByText('Tu epitafio no cambió. ¿Quieres usar esta idea en su lugar?')).toBeTruthy();
    expect(epitaph.value).toBe(person.description);
    await userEvent.click(screen.getByRole('button', { name: 'Mantener mi texto' }));
    expect(screen.queryByText('Tu luz sigue con nosotros.')).toBeNull();
    expect(epitaph.value).toBe(person.description);

    await userEvent.click(screen.getByRole('button', { name: 'Dame una idea' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Usar esta idea' }));
    expect(epitaph.value).toBe('Vivirás en cada recuerdo.');
    // An idea over an idea needs no question: nothing of the family's is lost.
    await userEvent.click(screen.getByRole('button', { name: 'Dame una idea' }));
    await waitFor(() => expect(epitaph.value).toBe('Tu luz sigue con nosotros.'));
    expect(screen.queryByRole('button', { name: 'Usar esta idea' })).toBeNull();
    // Edited by hand, it is theirs again.
    await userEvent.type(epitaph, ' Te extrañamos.');
    await userEvent.click(screen.getByRole('button', { name: 'Dame una idea' }));
    await screen.findByRole('button', { name: 'Usar esta idea' });
    expect(epitaph.value).toBe('Tu luz sigue con nosotros. Te extrañamos.');
  });

  it('fills an empty epitaph with the idea at once', async () => {
    renderEditData('');
    const epitaph = await screen.findByLabelText<HTMLTextAreaElement>('Epitafio');
    await userEvent.click(screen.getByRole('button', { name: 'Dame una idea' }));
    await waitFor(() => expect(epitaph.value).toBe('Tu luz sigue con nosotros.'));
  });

  it('shows the saved photo until another is chosen', async () => {
    renderEditData();
    const photo = await screen.findByRole<HTMLImageElement>('img', { name: 'Foto actual de Rosa Quispe' });
    expect(photo.getAttribute('src')).toBe('/media/rosa.jpg');
    expect(screen.getByText(/Esta es la foto actual/)).toBeTruthy();
  });

  it('agrees with ideaMayReplace', () => {
    expect(ideaMayReplace('', null)).toBe(true);
    expect(ideaMayReplace('  \n', 'x')).toBe(true);
    expect(ideaMayReplace('Mi texto', null)).toBe(false);
    expect(ideaMayReplace('Idea', 'Idea')).toBe(true);
    expect(ideaMayReplace('Idea cambiada', 'Idea')).toBe(false);
  });
});
