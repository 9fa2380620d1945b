// The QR page's cache under a burst: 100 requests released at once on a cold page render it once.
import { describe, expect, it } from 'vitest';
import { GuestPageCache } from './guest-page-cache';

describe('GuestPageCache.obtain', () => {
  it('renders once for 100 requests released at once, and again only for a new stamp', async () => {
    const cache = new GuestPageCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `<p>página ${renders}</p>`;
    };
    const pages = await Promise.all(Array.from({ length: 100 }, () => cache.obtain('7:1', 'v1', render)));
    expect(renders).toBe(1);
    expect(new Set(pages.map((page) => page?.etag)).size).toBe(1);
    expect(await cache.obtain('7:1', 'v1', render)).toBe(pages[0]);
    expect(renders).toBe(1);
    await cache.obtain('7:1', 'v2', render);
    expect(renders).toBe(2);
  });

  it('keeps nothing for a page that does not exist, and renders it again when asked again', async () => {
    const cache = new GuestPageCache();
    let renders = 0;
    const missing = () => {
      renders += 1;
      return Promise.resolve(null);
    };
    expect(await Promise.all([cache.obtain('7:9', 'v1', missing), cache.obtain('7:9', 'v1', missing)])).toEqual([null, null]);
    expect(renders).toBe(1);
    expect(await cache.obtain('7:9', 'v1', missing)).toBeNull();
    expect(renders).toBe(2);
    expect(cache.size).toBe(0);
  });
});
