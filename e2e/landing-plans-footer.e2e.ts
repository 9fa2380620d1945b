// Two rough edges of the landing found on a phone (issue 14 §6): the plans were a picture (unreadable
// on a phone, invisible to screen readers and search engines) and are text now; the footer's words
// broke in the middle between 769 and 900 px. At a phone's and a desktop's width, with axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { WIDTHS, horizontalOverflow, openPage } from './support/browser';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();

const PLANS = [
  { name: 'Plan Esencial', price: 'S/ 290', features: ['Memorial en línea con foto y epitafio', 'Código QR adhesivo para la lápida', 'Velas y flores virtuales', 'Perfil público o privado'] },
  {
    name: 'Plan Familiar',
    price: 'S/ 490',
    features: ['Todo lo del plan Esencial', 'Placa de acero con el código QR grabado', 'Mensajes, fotos y videos de visitantes', 'Tú apruebas cada recuerdo compartido'],
  },
  { name: 'Plan Legado', price: 'S/ 790', features: ['Todo lo del plan Familiar', 'Hasta 3 memoriales en una cuenta', 'Recordatorios con QR para el velorio', 'Acompañamiento personalizado'] },
];

/** Words of the footer drawn on more than one line (a word broken in the middle). */
async function brokenFooterWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const footer = document.querySelector('footer');
    if (!footer) return ['(no footer)'];
    const broken: string[] = [];
    const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Text for screen readers only lives in a 1 px box on purpose.
      if (node.parentElement?.closest('.visually-hidden')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

describe.each(WIDTHS)('the landing at $name', ({ viewport }) => {
  const desktop = viewport.width >= 1000;

  it('shows the plans as text: name, price, what each includes, the recommended one, the note', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await page.goto('/');
      const section = page.getByRole('region', { name: 'Planes' });
      await section.scrollIntoViewIfNeeded();
      // No picture stands in for the prices any more.
      expect(await section.locator('img').count()).toBe(0);
      const cards = section.locator('.plan');
      expect(await cards.count()).toBe(PLANS.length);
      for (const [index, plan] of PLANS.entries()) {
        const card = cards.nth(index);
        expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(plan.name);
        expect(await card.innerText()).toContain(plan.price);
        expect(await card.innerText()).toContain('pago único');
        expect(await card.getByRole('listitem').allInnerTexts()).toEqual(plan.features);
        // Read aloud as an amount, not as 'S barra'.
        expect(await card.locator('.visually-hidden').textContent()).toBe(`${plan.price.slice(3)} soles`);
      }
      expect(await cards.nth(1).getByText('Recomendado').isVisible()).toBe(true);
      expect(await section.getByText('Precios referenciales en soles, incluyen IGV.').isVisible()).toBe(true);
      expect(await section.getByRole('link', { name: /Consultar por WhatsApp/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);

      // Readable on a phone: stacked, full text size; side by side on a desktop.
      const boxes = await cards.evaluateAll((elements) => elements.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      const tops = new Set(boxes.map((box) => Math.round(box.top)));
      expect(tops.size).toBe(desktop ? 1 : PLANS.length);
      const featureSize = await cards.first().locator('li').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(featureSize).toBeGreaterThanOrEqual(16);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `/ (plans) at ${viewport.width} px`);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps every footer word whole', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await page.goto('/');
      await page.locator('footer').scrollIntoViewIfNeeded();
      expect(await brokenFooterWords(page)).toEqual([]);
      await expectAccessible(page, `/ (footer) at ${viewport.width} px`);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the footer between a phone and a desktop', () => {
  it.each([769, 800, 850, 900, 950, 999, 1000, 1100])('keeps every word whole at %i px', async (width) => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, { width, height: 900 });
    try {
      await page.goto('/');
      await page.locator('footer').scrollIntoViewIfNeeded();
      expect(await brokenFooterWords(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
