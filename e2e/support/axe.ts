// axe-core on the current page state: any serious or critical violation fails the test.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * `exclude` leaves out elements by CSS selector: for long lists of one component, where axe needs
 * ~90 ms per card (46 s for 500 cards) and the first cards already show what every card is. Rules
 * that compare across the page (duplicate ids, unique landmarks) still look at the whole document
 * for the elements that are checked.
 */
export async function expectAccessible(page: Page, where: string, exclude: readonly string[] = []): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length === 0) return;
  const report = serious
    .map((v) => `- [${v.impact ?? ''}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
  throw new Error(`Accessibility violations on ${where}:\n${report}`);
}
