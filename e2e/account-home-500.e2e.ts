// Issue 13 §5: the owner's memorial page with 500 posts opens and reorders by keyboard and by drag,
// and the places saved are the new order exactly. Prints how long the page took (not asserted:
// figures are for bench/, never a wall-clock limit in a test).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Post } from '@recuerdos/shared/api-types';
import { expectAccessible } from './support/axe';
import { DESKTOP, openPage } from './support/browser';
import { api, logIn, makeOwner, ownerToken } from './support/owner';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

const COUNT = 500;

/** 500 family posts written straight into the server's SQLite file (the API would take minutes). */
function seedPosts(identifier: string): void {
  const db = new SQLite(path.join(server.dataDir, 'recuerdos.db'), { timeout: 10_000 });
  try {
    const memorial = db.prepare('select id from memorials where identifier = ?').get(identifier) as { id: number };
    const insert = db.prepare(
      "insert into posts (memorial_id, reg, author_kind, author_name, author_email, text, media_key, media_kind, place, state, created_at, approved_at) values (?, ?, 'owner', 'Familia', null, ?, null, null, ?, 'approved', ?, null)",
    );
    const base = Date.UTC(2025, 0, 1);
    db.transaction(() => {
      for (let i = 1; i <= COUNT; i++) {
        const at = new Date(base + i * 1000).toISOString();
        insert.run(memorial.id, at.replace('T', ' ').slice(0, 23), `Recuerdo ${i}`, i, at);
      }
    })();
  } finally {
    db.close();
  }
}

const cards = (page: Page): Locator => page.getByTestId('owner-post');

async function savedOrder(token: string, identifier: string): Promise<string[]> {
  const res = await api<{ posts: Post[] }>(server, 'GET', `/content/get-admin-posts?identifier=${identifier}`, { token });
  return res.data.posts.map((post) => post.text);
}

describe('the owner’s page with 500 posts', () => {
  it('opens with every post and saves a keyboard reorder exactly', async () => {
    const owner = await makeOwner(server, 'quinientos');
    const identifier = owner.memorials[0]?.identifier ?? '';
    seedPosts(identifier);
    const token = await ownerToken(server, owner);
    const expected = Array.from({ length: COUNT }, (_, i) => `Recuerdo ${COUNT - i}`);
    expect(await savedOrder(token, identifier)).toEqual(expected);

    const { page, problems, close } = await openPage(browser, server.baseUrl, DESKTOP);
    try {
      const started = performance.now();
      await logIn(page, owner);
      await cards(page).nth(COUNT - 1).waitFor({ state: 'attached' });
      console.info(`account home with ${COUNT} posts: all cards in ${Math.round(performance.now() - started)} ms after the login form`);
      expect(await cards(page).count()).toBe(COUNT);
      // axe on the page and its first 20 cards (all 500 take axe ~46 s; every card is the same component).
      await expectAccessible(page, `the owner's page with ${COUNT} posts`, ['[data-testid="owner-post"]:nth-child(n+21)']);

      // The second post one place up, by keyboard: the handle, Space, an arrow, Space.
      const saved = page.waitForResponse((r) => r.url().includes('/api/content/update-cards-order'));
      await cards(page).nth(1).getByRole('button', { name: /^Mover el mensaje/ }).focus();
      const pressedAt = performance.now();
      await page.keyboard.press('Space');
      const live = page.locator('[id^="DndLiveRegion"]');
      await live.getByText(`Sobre la posición 2 de ${COUNT}.`).waitFor();
      await page.waitForTimeout(100);
      await page.keyboard.press('ArrowLeft');
      await live.getByText(`Sobre la posición 1 de ${COUNT}.`).waitFor();
      await page.keyboard.press('Space');
      expect((await saved).status()).toBe(200);
      console.info(`account home with ${COUNT} posts: a keyboard move saved in ${Math.round(performance.now() - pressedAt)} ms`);

      const moved = [expected[1] ?? '', expected[0] ?? '', ...expected.slice(2)];
      expect(await savedOrder(token, identifier)).toEqual(moved);
      await page.reload();
      await cards(page).nth(COUNT - 1).waitFor({ state: 'attached' });
      const shown = await cards(page).evaluateAll((all) => all.map((card) => card.querySelector('.post-card__message')?.textContent.trim() ?? ''));
      expect(shown).toEqual(moved);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
