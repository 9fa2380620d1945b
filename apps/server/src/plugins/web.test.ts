// GET / sends the landing rendered by the web build's SSR bundle (here a stand-in module): its markup
// inside #root, its image preloads in <head>, made for the running configuration, compressed, made
// once; a missing or failing render falls back to the client-rendered index.html, never a 5xx.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_WEB_DIST, startTestServer, type TestServer } from '../../test/helper';

const LANDING_SSR_WEB = path.join(import.meta.dirname, '../../test/fixtures/landing-ssr/web');

describe('GET / with the landing render built', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { WEB_DIST_DIR: LANDING_SSR_WEB, CONTACT_WHATSAPP: '51987654321' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts the markup in #root, the preloads in <head>, and keeps the site config', async () => {
    const res = await fetch(`${t.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/assets/flyer-1.svg"/>');
    expect(html).toContain('<div id="root"><div class="landing"><h1>Un lugar para recordar a quienes amamos</h1>');
    expect(html).toContain('href="https://wa.me/51987654321"');
    expect(html).toMatch(/<script type="application\/json" id="site-config">\{.*"whatsapp":"51987654321"/);
  });

  it('renders once for a configuration and serves it compressed', async () => {
    const first = await (await fetch(`${t.url}/`)).text();
    const br = await fetch(`${t.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes the Brotli body itself.
    expect(await br.text()).toBe(first);
    expect(first).toContain('<p>render 1</p>');
  });

  it('renders again when the configuration changes (the demo memorial seeded after start)', async () => {
    t.ctx.site.demoIdentifier = 'Demo123456';
    const html = await (await fetch(`${t.url}/`)).text();
    expect(html).toContain('<p>demo: Demo123456</p>');
    expect(html).toContain('<p>render 2</p>');
  });

  it('leaves every other page to the client-rendered index.html', async () => {
    const html = await (await fetch(`${t.url}/login`)).text();
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('GET / without a working landing render', () => {
  let failing: TestServer;
  let unbuilt: TestServer;
  beforeAll(async () => {
    [failing, unbuilt] = await Promise.all([
      startTestServer({ env: { WEB_DIST_DIR: LANDING_SSR_WEB, CONTACT_WHATSAPP: '51000000000' } }),
      startTestServer({ env: { WEB_DIST_DIR: FIXTURE_WEB_DIST } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([failing.close(), unbuilt.close()]);
  });

  it.each([
    ['a render that throws', () => failing],
    ['no render built', () => unbuilt],
  ])('serves the client-rendered index.html when there is %s', async (_case, server) => {
    const res = await fetch(`${server().url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('id="site-config"');
  });
});
