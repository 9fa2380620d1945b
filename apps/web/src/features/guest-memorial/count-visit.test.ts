// The guest page's visit beacon (issue 29 §4): once per page load and memorial, with the sessions in
// its headers (so the server can leave the family's own visit out), and only once a prerendered page
// is actually shown.
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_USER, mockApi, storeUser } from '../../test/render';
import { countVisit, resetCountedVisitsForTests } from './api/count-visit';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  resetCountedVisitsForTests();
  Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
});

describe('countVisit', () => {
  it('reports a page load once, however often the memorial shows again', async () => {
    const calls = mockApi({ 'POST /visit/count-visit': () => ({ code: '200' }) });
    countVisit('mem-1');
    countVisit('mem-1');
    await settle();
    expect(calls.map((c) => [c.method, c.path, c.body.identifier])).toEqual([['POST', '/visit/count-visit', 'mem-1']]);
  });

  it('carries the owner’s session, so the family’s own visit is not counted', async () => {
    storeUser();
    const calls = mockApi({ 'POST /visit/count-visit': () => ({ code: '200' }) });
    countVisit('mem-1');
    await settle();
    expect(calls[0]?.headers.token).toBe(SAMPLE_USER.token);
  });

  it('waits while the browser prerenders the page, and reports it when shown', async () => {
    const calls = mockApi({ 'POST /visit/count-visit': () => ({ code: '200' }) });
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    countVisit('mem-2');
    await settle();
    expect(calls).toEqual([]);
    document.dispatchEvent(new Event('prerenderingchange'));
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('ignores a failed report: the visitor sees nothing of it', async () => {
    mockApi({ 'POST /visit/count-visit': () => ({ code: '503', message: 'No disponible' }) });
    countVisit('mem-3');
    await settle();
  });
});
