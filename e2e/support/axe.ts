// axe-core on the current page state: any serious or critical violation fails the test.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length === 0) return;
  const report = serious
    .map((v) => `- [${v.impact ?? ''}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
  throw new Error(`Accessibility violations on ${where}:\n${report}`);
}
