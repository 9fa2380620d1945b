// Text placed in HTML or SVG markup that the server writes itself (e-mails, the guest page's head,
// the archive's page, the QR code's label): never read as markup.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The Content-Security-Policy `style-src` source of an inline <style> block's text. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/** The styles' text and CSP hashes, or none when a file is missing or could close its <style> block. */
export function readInlineStyles(distDir: string, styles: string[]): { css: string; hash: string }[] {
  const files = styles.map((style) => path.join(distDir, style));
  if (!files.every((file) => fs.existsSync(file))) return [];
  const inline = files.map((file) => fs.readFileSync(file, 'utf8')).map((css) => ({ css, hash: styleHash(css) }));
  return inline.some(({ css }) => /<\/style/i.test(css)) ? [] : inline;
}
