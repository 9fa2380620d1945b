// The account pages' web fonts (docs/decisions/028 §22): their faces as the FontFace API takes them
// (read from the build's `@font-face` rules), the after-paint starter's part that loads the faces a
// page shows once it has painted, and the head script that gives a browser already holding them
// (noted in localStorage) their faces with the first layout.
import { createHash } from 'node:crypto';
import { jsonForHtml } from '@recuerdos/shared/site-config';

/** A web font face as the FontFace constructor takes it: `source` is its `src` descriptor's text. */
export interface WebFont {
  family: string;
  source: string;
  descriptors: Record<string, string>;
}

/** Where a browser notes that it holds these fonts (in its cache) since a page of ours loaded them. */
export const FONTS_SEEN_KEY = 'recuerdos:fuentes';

const fontsVersion = (fonts: readonly WebFont[]) => createHash('sha256').update(JSON.stringify(fonts)).digest('base64url').slice(0, 12);

/**
 * The account pages' head script for a browser that has loaded these very fonts before (decision 028
 * §22): they are in its cache, so they cost the first paint nothing, and it gets them as an
 * `@font-face` rule would give them, with the first layout; no swap after the paint. A first visit
 * (or another build's fonts, or storage refused) leaves them to the after-paint starter, which notes
 * them once they have come. The CSP allows it by its hash
 * (`earlyFontsScript`, html.ts).
 */
export function earlyFontsCode(fonts: readonly WebFont[]): string {
  return `(() => {
let seen = null;
try {
  seen = localStorage.getItem(${jsonForHtml(FONTS_SEEN_KEY)});
} catch {}
if (seen !== ${jsonForHtml(fontsVersion(fonts))} || typeof FontFace !== 'function') return;
for (const { family, source, descriptors } of ${jsonForHtml(fonts)}) document.fonts.add(new FontFace(family, source, descriptors));
document.documentElement.setAttribute('data-fonts-early', '');
})();`;
}

/**
 * The starter's choice of the faces the page shows (`fonts` in scope): for each element holding
 * text, its first family, its style and weight, matched as CSS matches a face (the nearest weight on
 * the side CSS looks first). Measured here: 1.1–1.7 ms on a home of 14 posts (~390 elements), whose
 * styles the first paint has already computed.
 */
const FONTS_IN_USE = `const fontsInUse = () => {
  const shown = new Set();
  for (const element of document.body.querySelectorAll('*')) {
    const text = element.matches('input, textarea, select') || [...element.childNodes].some((node) => node.nodeType === 3 && node.data.trim() !== '');
    if (!text) continue;
    const style = getComputedStyle(element);
    const family = style.fontFamily.split(',')[0].trim().replace(/^["']|["']$/g, '').toLowerCase();
    shown.add(JSON.stringify([family, style.fontStyle === 'normal' ? 'normal' : 'italic', Number(style.fontWeight)]));
  }
  const rank = (wanted, weight) => {
    if (Number.isNaN(weight)) return 0;
    if (wanted > 500) return weight >= wanted ? weight - wanted : 1000 + wanted - weight;
    if (wanted < 400) return weight <= wanted ? wanted - weight : 1000 + weight - wanted;
    if (weight >= wanted && weight <= 500) return weight - wanted;
    return weight < wanted ? 500 + wanted - weight : 1000 + weight - wanted;
  };
  const used = new Set();
  for (const key of shown) {
    const [family, style, weight] = JSON.parse(key);
    const named = fonts.filter((font) => font.family.toLowerCase() === family);
    const styled = named.filter((font) => (font.descriptors.style ?? 'normal') === style);
    const pool = styled.length > 0 ? styled : named;
    const best = pool.map((font) => [rank(weight, Number(font.descriptors.weight ?? 400)), font]).sort((a, b) => a[0] - b[0])[0];
    if (best) used.add(best[1]);
  }
  return used;
};
`;

const DESCRIPTORS: Record<string, string> = {
  'font-style': 'style',
  'font-weight': 'weight',
  'font-stretch': 'stretch',
  'font-display': 'display',
  'unicode-range': 'unicodeRange',
};

/** An `@font-face` rule as the FontFace constructor takes it, or null when it names no family or file. */
export function webFontOf(rule: string): WebFont | null {
  const declarations = new Map<string, string>();
  for (const declaration of rule.slice(rule.indexOf('{') + 1, rule.lastIndexOf('}')).split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) declarations.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
  }
  const family = declarations.get('font-family')?.replace(/^(["'])(.*)\1$/, '$2');
  const source = declarations.get('src');
  if (!family || !source) return null;
  const descriptors: Record<string, string> = {};
  for (const [property, descriptor] of Object.entries(DESCRIPTORS)) {
    const value = declarations.get(property);
    if (value) descriptors[descriptor] = value;
  }
  return { family, source, descriptors };
}

/**
 * The after-paint starter's part for the fonts (`afterPaintStarter`, html.ts): its declarations, and
 * what its start does first. Empty without fonts, so the light pages' starter is unchanged.
 */
export function starterFonts(fonts: readonly WebFont[]): { declarations: string; onStart: string } {
  const declarations = fonts.length > 0 ? `const fonts = ${jsonForHtml(fonts)};\n${FONTS_IN_USE}` : '';
  const onStart =
    fonts.length > 0
      ? `  if (typeof FontFace === 'function' && !document.documentElement.hasAttribute('data-fonts-early')) {
    const faces = fonts.map(({ family, source, descriptors }) => new FontFace(family, source, descriptors));
    const used = fontsInUse();
    Promise.allSettled(faces.filter((face, i) => used.has(fonts[i])).map((face) => face.load())).then((loaded) => {
      for (const face of faces) document.fonts.add(face);
      if (loaded.every((result) => result.status === 'fulfilled')) {
        try {
          localStorage.setItem(${jsonForHtml(FONTS_SEEN_KEY)}, ${jsonForHtml(fontsVersion(fonts))});
        } catch {}
      }
    });
  }
`
      : '';
  return { declarations, onStart };
}
