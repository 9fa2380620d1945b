// The light pages' inline after-paint starter (http/html.ts afterPaintStarter), read back from a
// served page: the one inline module, allowed by the page's CSP through exactly its hash.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

/**
 * The scripts the page's starter asks for (entry first), once its CSP is checked to allow it and,
 * before it, exactly the page's other inline scripts (`others`, e.g. the account pages' early taps).
 */
export function startedScripts(html: string, policy: string | null, others: readonly string[] = []): string[] {
  const blocks = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  expect(blocks).toHaveLength(1);
  const code = blocks[0] ?? '';
  // No script of the page is requested before its first paint.
  expect(html).not.toMatch(/<script[^>]* src=/);
  expect(html).not.toContain('rel="modulepreload"');
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy ?? '')?.[1]?.split(' ') ?? [];
  for (const other of others) expect(html).toContain(`<script>${other}</script>`);
  expect(scriptSrc).toEqual(["'self'", ...others.map(sha256), sha256(code)]);
  const urls = /^const \[entry, \.\.\.imports\] = (\[.*?\]);$/m.exec(code)?.[1];
  if (!urls) throw new Error('the starter names no scripts');
  return JSON.parse(urls) as string[];
}

/** The web fonts the page's starter loads after the first paint (the account pages'). */
export function startedFonts(html: string): { family: string; source: string; descriptors: Record<string, string> }[] {
  const code = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const fonts = /^const fonts = (\[.*?\]);$/m.exec(code)?.[1];
  return fonts ? (JSON.parse(fonts) as ReturnType<typeof startedFonts>) : [];
}
