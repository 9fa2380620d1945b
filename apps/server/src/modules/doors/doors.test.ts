// GET / and GET /login send the light doors rendered by the web build's doors render (here a
// stand-in module): the markup in #root, the door's own bundle and styles from the doors' manifest
// (never the SPA's; the bundle asked for after the first paint), the first screen's pictures
// preloaded and no web font, the site configuration as a JSON block; made once per configuration
// and served compressed. A missing or failing render falls
// back to the client-rendered index.html, never a 5xx.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_WEB_DIST, startTestServer, type TestServer } from '../../../test/helper';
import { startedScripts } from '../../../test/inline-starter';

const DOORS_SSR_WEB = path.join(import.meta.dirname, '../../../test/fixtures/doors-ssr/web');

function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

describe('the doors with their render built', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { WEB_DIST_DIR: DOORS_SSR_WEB, CONTACT_WHATSAPP: '51987654321' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET / is the landing: markup in #root, its own bundle, preloads and the site config', async () => {
    const res = await fetch(`${t.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const head = headOf(html);
    expect(html.startsWith('<!doctype html>\n<html lang="es-PE">')).toBe(true);
    expect(head).toContain('<title>Recuerdos · Memoriales en línea para recordar a quienes amamos</title>');
    expect(head).toContain('<meta name="description" content="Recuerdos: un memorial en línea para quienes amamos &amp; su &quot;historia&quot;.">');
    expect(head).toContain('<link rel="preload" as="image" href="/assets/flyer-1-test.svg" fetchpriority="high">');
    // The phone's own fonts: no web face on the first screen.
    expect(head).not.toContain('as="font"');
    // The raster icon only (an SVG one is drawn as a document of its own on the main thread), and
    // no opener isolation (a cold renderer process for the page that must open fastest).
    expect(head).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
    expect(head).not.toContain('favicon.svg');
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    // Shared styles before the page's own; the entry and the chunk it imports, after the first paint.
    expect(head).toContain('<link rel="stylesheet" href="/assets/door-common-test.css"><link rel="stylesheet" href="/assets/landing-client-test.css">');
    expect(startedScripts(html, res.headers.get('content-security-policy'))).toEqual(['/assets/door-landing-client-test.js', '/assets/door-common-test.js']);
    // Nothing of the SPA or of the other door.
    expect(html).not.toContain('app-test.js');
    expect(html).not.toContain('login-client');
    expect(html).toContain('<div id="root"><div class="landing"><h1>Un lugar para recordar a quienes amamos</h1>');
    expect(html).toContain('href="https://wa.me/51987654321"');
    expect(html).toMatch(/<script type="application\/json" id="site-config">\{.*"whatsapp":"51987654321"/);
  });

  it('GET /login is the login door with its own bundle', async () => {
    const res = await fetch(`${t.url}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    const html = await res.text();
    const head = headOf(html);
    expect(head).toContain('<title>Iniciar sesión · Recuerdos</title>');
    expect(startedScripts(html, res.headers.get('content-security-policy'))[0]).toBe('/assets/door-login-client-test.js');
    expect(head).toContain('<link rel="stylesheet" href="/assets/login-client-test.css">');
    expect(head).not.toContain('rel="preload" as="image"');
    expect(html).not.toContain('landing-client');
    expect(html).not.toContain('app-test.js');
    expect(html).toContain('<div id="root"><div class="public-page"><h1>Iniciar sesión</h1><div id="login-form">');
    expect(html).toContain('id="site-config"');
  });

  it('renders once for a configuration and serves it compressed', async () => {
    const first = await (await fetch(`${t.url}/`)).text();
    const br = await fetch(`${t.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes the Brotli body itself.
    expect(await br.text()).toBe(first);
    const gzip = await fetch(`${t.url}/login`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('Iniciar sesión');
    // Two renders in all: the landing once, the login once.
    expect(first).toMatch(/<p>render [12]<\/p>/);
    expect(await (await fetch(`${t.url}/`)).text()).toBe(first);
  });

  it('renders again when the configuration changes (the demo memorial seeded after start)', async () => {
    const before = await (await fetch(`${t.url}/`)).text();
    expect(before).toContain('<p>demo: none</p>');
    t.ctx.site.demoIdentifier = 'Demo123456';
    const html = await (await fetch(`${t.url}/`)).text();
    expect(html).toContain('<p>demo: Demo123456</p>');
    expect(html).toContain('"demoIdentifier":"Demo123456"');
    expect(html).not.toBe(before);
  });

  it('answers HEAD like GET, and leaves every other page to the client-rendered index.html', async () => {
    const head = await fetch(`${t.url}/login`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const page of ['/forgot-password', '/account', '/no-existe']) {
      const res = await fetch(`${t.url}${page}`);
      // The account area and every other page keep their opener isolated.
      expect(res.headers.get('cross-origin-opener-policy'), page).toBe('same-origin');
      const html = await res.text();
      expect(html, page).toContain('<div id="root"></div>');
      expect(html, page).toContain('app-test.js');
    }
  });
});

describe('the doors without a working render', () => {
  let failing: TestServer;
  let unbuilt: TestServer;
  beforeAll(async () => {
    [failing, unbuilt] = await Promise.all([
      startTestServer({ env: { WEB_DIST_DIR: DOORS_SSR_WEB, CONTACT_WHATSAPP: '51000000000' } }),
      startTestServer({ env: { WEB_DIST_DIR: FIXTURE_WEB_DIST } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([failing.close(), unbuilt.close()]);
  });

  it.each([
    ['a render that throws', () => failing],
    ['no render built', () => unbuilt],
  ])('serve the client-rendered index.html when there is %s', async (_case, server) => {
    for (const page of ['/', '/login']) {
      const res = await fetch(`${server().url}${page}`);
      expect(res.status, page).toBe(200);
      const html = await res.text();
      expect(html, page).toContain('<div id="root"></div>');
      expect(html, page).toContain('id="site-config"');
    }
  });
});
