// The after-paint starter's code (http/html.ts) run against a stand-in page: which task adds each
// preload link and imports each script. A task is what the browser runs between two of the
// starter's timers; the page's clock moves 1 ms per link added, as on a phone.
import { describe, expect, it } from 'vitest';
import { afterPaintStarter, earlyFontsScript } from './html';
import { FONTS_SEEN_KEY, type WebFont } from './web-fonts';

interface Step {
  task: number;
  what: string;
}

interface Shown {
  text: string;
  family: string;
  weight: string;
  style?: string;
}

async function runStarter(importCount: number, msPerLink: number, fonts: WebFont[] = [], shown: Shown[] = [], fontsEarly = false): Promise<Step[]> {
  const imports = Array.from({ length: importCount }, (_, index) => `/assets/chunk-${index}.js`);
  const { code } = afterPaintStarter('/assets/entry.js', imports, fonts);
  const steps: Step[] = [];
  const timers: (() => void)[] = [];
  let task = 0;
  let clock = 0;
  const face = (font: { family: string; descriptors: Record<string, string> }) => `${font.family} ${font.descriptors.weight ?? ''} ${font.descriptors.style ?? ''}`.trim();
  const elements = shown.map((item) => ({
    item,
    childNodes: item.text === '' ? [] : [{ nodeType: 3, data: item.text }],
    matches: () => false,
  }));
  const page = {
    document: {
      head: {
        append(link: { rel: string; href: string }) {
          clock += msPerLink;
          steps.push({ task, what: `${link.rel} ${link.href}` });
        },
      },
      body: { querySelectorAll: () => elements },
      createElement: () => ({}),
      documentElement: { setAttribute: (name: string) => steps.push({ task, what: name }), hasAttribute: (name: string) => fontsEarly && name === 'data-fonts-early' },
      fonts: { add: (added: { family: string; descriptors: Record<string, string> }) => steps.push({ task, what: `font added ${face(added)}` }) },
    },
    localStorage: { setItem: (key: string, value: string) => steps.push({ task, what: `noted ${key}=${value}` }) },
    getComputedStyle: ({ item }: { item: Shown }) => ({ fontFamily: item.family, fontWeight: item.weight, fontStyle: item.style ?? 'normal' }),
    // A face is fetched when asked; a 500 never arrives.
    FontFace: class {
      constructor(
        readonly family: string,
        readonly source: string,
        readonly descriptors: Record<string, string>,
      ) {}
      load() {
        steps.push({ task, what: `font asked ${face(this)}` });
        return this.descriptors.weight === '500' ? Promise.reject(new Error('network')) : Promise.resolve(this);
      }
    },
    performance: { now: () => clock },
    setTimeout: (callback: () => void) => timers.push(callback),
    requestAnimationFrame: (callback: () => void) => timers.push(callback),
    PerformanceObserver: { supportedEntryTypes: [] },
    importModule: (href: string) => {
      steps.push({ task, what: `import ${href}` });
      return Promise.resolve({});
    },
  };
  // The inline module's text, its dynamic imports routed to the stand-in.
  const body = `return (async () => {${code.replace(/\bimport\(/g, 'importModule(')}})();`;
  const names = Object.keys(page);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  await (new Function(...names, body) as (...args: unknown[]) => Promise<void>)(...Object.values(page));
  // The event loop: each timer is a task; the microtasks it leaves run before the next one.
  while (timers.length > 0) {
    task += 1;
    timers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return steps;
}

describe('the after-paint starter', () => {
  it('adds an account page’s ~37 preload links in slices of a few milliseconds, each slice a task of its own', async () => {
    const steps = await runStarter(37, 1);
    const links = steps.filter((step) => step.what.startsWith('modulepreload'));
    expect(links.map((step) => step.what)).toEqual(Array.from({ length: 37 }, (_, index) => `modulepreload /assets/chunk-${index}.js`));
    const perTask = new Map<number, number>();
    for (const link of links) perTask.set(link.task, (perTask.get(link.task) ?? 0) + 1);
    // 1 ms per link, a slice ends once it has taken more than 4 ms.
    expect(Math.max(...perTask.values())).toBe(5);
    expect(perTask.size).toBe(8);
  });

  it('then imports each script in a task of its own, the entry last, and only once', async () => {
    const steps = await runStarter(6, 1);
    const imports = steps.filter((step) => step.what.startsWith('import'));
    expect(imports.map((step) => step.what)).toEqual([...Array.from({ length: 6 }, (_, index) => `import /assets/chunk-${index}.js`), 'import /assets/entry.js']);
    expect(new Set(imports.map((step) => step.task)).size).toBe(7);
    const lastLink = Math.max(...steps.filter((step) => step.what.startsWith('modulepreload')).map((step) => step.task));
    expect(imports[0]?.task).toBeGreaterThanOrEqual(lastLink);
  });

  it('adds a light page’s few links in one task', async () => {
    const steps = await runStarter(3, 1);
    expect(new Set(steps.filter((step) => step.what.startsWith('modulepreload')).map((step) => step.task)).size).toBe(1);
  });

  it('asks first for the web fonts the page shows, as CSS matches them, and puts every face in use together, once', async () => {
    const font = (family: string, weight: string, style = 'normal'): WebFont => ({
      family,
      source: `url(/assets/${family}-${weight}-${style}.woff2)`,
      descriptors: { style, weight, display: 'swap' },
    });
    const fonts = [font('Lora', '400'), font('Lora', '400', 'italic'), font('Lora', '600'), font('Source Sans 3', '400'), font('Source Sans 3', '500'), font('Source Sans 3', '600')];
    const steps = await runStarter(3, 1, fonts, [
      { text: 'Rosa Mamani', family: 'Lora, Georgia, serif', weight: '700' }, // the nearest heavier: 600
      { text: 'Tu amor vive', family: 'Lora, Georgia, serif', weight: '400', style: 'italic' },
      { text: 'Permisos', family: '"Source Sans 3", system-ui, sans-serif', weight: '450' }, // up to 500 first
      { text: 'Inicio', family: '"Source Sans 3", system-ui, sans-serif', weight: '300' }, // lighter first, then 400
      { text: '', family: '"Source Sans 3", system-ui, sans-serif', weight: '600' }, // no text: no face
      { text: 'Recuerdos', family: 'Georgia, serif', weight: '400' }, // a font of the phone's
    ]);
    const what = steps.map((step) => step.what);
    expect(what.slice(0, 5)).toEqual([
      'font asked Lora 400 italic',
      'font asked Lora 600 normal',
      'font asked Source Sans 3 400 normal',
      'font asked Source Sans 3 500 normal',
      'modulepreload /assets/chunk-0.js',
    ]);
    // Every face, the one that never came too (the browser asks again when a page shows it).
    const added = steps.filter((step) => step.what.startsWith('font added'));
    expect(added.map((step) => step.what)).toEqual(fonts.map((item) => `font added ${item.family} ${item.descriptors.weight} ${item.descriptors.style}`));
    expect(new Set(added.map((step) => step.task)).size).toBe(1);
    expect(what).toContain('import /assets/entry.js');
    // One face never came: the browser does not hold them all, and is not told it does.
    expect(what.filter((step) => step.startsWith('noted'))).toEqual([]);
  });

  it('notes that the browser holds the fonts once they all came; does nothing of fonts when the head put them in use', async () => {
    const fonts: WebFont[] = [{ family: 'Lora', source: 'url(/assets/lora-600.woff2)', descriptors: { weight: '600' } }];
    const shown = [{ text: 'Rosa', family: 'Lora, serif', weight: '600' }];
    const first = (await runStarter(1, 1, fonts, shown)).map((step) => step.what);
    expect(first).toContain('font asked Lora 600');
    expect(first.filter((step) => step.startsWith('noted'))).toEqual([expect.stringMatching(new RegExp(`^noted ${FONTS_SEEN_KEY}=[\\w-]{12}$`))]);
    const again = (await runStarter(1, 1, fonts, shown, true)).map((step) => step.what);
    expect(again.filter((step) => step.startsWith('font') || step.startsWith('noted'))).toEqual([]);
    expect(again).toContain('import /assets/entry.js');
  });

  it('without fonts, its text is the light pages’ as before (their CSP hash)', () => {
    expect(afterPaintStarter('/assets/entry.js', ['/a.js'], []).code).toBe(afterPaintStarter('/assets/entry.js', ['/a.js']).code);
    expect(afterPaintStarter('/assets/entry.js', ['/a.js']).code).not.toContain('FontFace');
  });
});

describe('the head script of a browser that has the fonts', () => {
  const fonts: WebFont[] = [
    { family: 'Lora', source: 'url(/assets/lora-600.woff2)', descriptors: { weight: '600' } },
    { family: 'Source Sans 3', source: 'url(/assets/sans-400.woff2)', descriptors: { weight: '400' } },
  ];

  /** The version the starter notes for these fonts. */
  async function noted(): Promise<string> {
    const steps = await runStarter(0, 1, fonts, [{ text: 'Rosa', family: 'Lora', weight: '600' }]);
    return steps.find((step) => step.what.startsWith('noted'))?.what.split('=')[1] ?? '';
  }

  function runHead(stored: string | null | Error): string[] {
    const done: string[] = [];
    const page = {
      localStorage: {
        getItem: () => {
          if (stored instanceof Error) throw stored;
          return stored;
        },
      },
      FontFace: class {
        constructor(readonly family: string) {}
      },
      document: {
        fonts: { add: (face: { family: string }) => done.push(`added ${face.family}`) },
        documentElement: { setAttribute: (name: string) => done.push(name) },
      },
    };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    (new Function(...Object.keys(page), earlyFontsScript(fonts).code) as (...args: unknown[]) => void)(...Object.values(page));
    return done;
  }

  it('puts every face in use before the first layout when the browser noted these very fonts', async () => {
    expect(runHead(await noted())).toEqual(['added Lora', 'added Source Sans 3', 'data-fonts-early']);
  });

  it('leaves them to the starter on a first visit, for other fonts, or when storage is refused', () => {
    expect(runHead(null)).toEqual([]);
    expect(runHead('otra-version')).toEqual([]);
    expect(runHead(new Error('SecurityError'))).toEqual([]);
  });
});
