// The public pages at a desktop and a phone width: content, layout variants, links, no console or
// CSP errors, no sideways scrolling, and axe-core with no serious or critical violation.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { PHONE, WIDTHS, horizontalOverflow, openPage, pageHydrated, watchRemovals } from './support/browser';
import { browser, server, useServerAndBrowser } from './support/suite';

useServerAndBrowser();


async function siteConfig(page: import('playwright-core').Page) {
  return page.evaluate(() => JSON.parse(document.getElementById('site-config')?.textContent ?? '{}') as {
    demoIdentifier: string | null;
    contact: { phone: string; email: string; whatsapp: string };
    legal: { name: string; ruc: string; address: string };
  });
}

describe.each(WIDTHS)('public pages at $name', ({ viewport }) => {
  const desktop = viewport.width >= 1000;

  it('landing: pitch, six flyers, plans, WhatsApp, login link, footer and (on mobile) the demo link', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Un lugar para recordar a quienes amamos');
      expect(await page.title()).toBe('Recuerdos · Memoriales en línea para recordar a quienes amamos');
      expect(await page.locator('html').getAttribute('lang')).toBe('es-PE');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('memorial en línea');

      // Login link to /login.
      await page.getByRole('link', { name: 'Iniciar sesión' }).click();
      await page.waitForURL('**/login');
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Un lugar para recordar a quienes amamos' }).waitFor();
      await pageHydrated(page);

      // Carousel of six, keyboard and button operated.
      const slides = page.locator('.carousel__slide');
      expect(await slides.count()).toBe(6);
      const current = () => page.locator('.carousel__dot[aria-current="true"]').getAttribute('aria-label');
      expect(await current()).toBe('Ver imagen 1 de 6');
      await page.getByRole('button', { name: 'Imagen siguiente' }).click();
      await expect.poll(current).toBe('Ver imagen 2 de 6');
      await page.getByRole('button', { name: 'Ver imagen 6 de 6' }).click();
      await expect.poll(current).toBe('Ver imagen 6 de 6');
      await page.getByRole('button', { name: 'Imagen siguiente' }).click();
      await expect.poll(current).toBe('Ver imagen 1 de 6');
      await page.locator('.carousel__track').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(current).toBe('Ver imagen 2 de 6');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(current).toBe('Ver imagen 1 de 6');
      for (const alt of await slides.locator('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt))) {
        expect(alt.length).toBeGreaterThan(20);
      }

      // The plans are text (issue 14), each with its price.
      const plans = page.locator('.plan');
      expect(await plans.count()).toBe(3);
      expect(await page.getByRole('heading', { level: 3, name: 'Plan Familiar' }).isVisible()).toBe(true);
      expect(await plans.nth(1).textContent()).toContain('S/ 490');

      // WhatsApp with the business number and a Spanish greeting.
      const config = await siteConfig(page);
      const whatsapp = await page.getByRole('link', { name: /Escríbenos por WhatsApp/ }).getAttribute('href');
      expect(whatsapp).toBe(`https://wa.me/${config.contact.whatsapp}?text=${encodeURIComponent('Hola, quisiera información sobre los memoriales de Recuerdos.')}`);

      // Demo memorial link: mobile layout only, when the server has a demo.
      const demo = page.getByRole('link', { name: 'Ver un memorial de ejemplo' });
      if (config.demoIdentifier && !desktop) {
        expect(await demo.getAttribute('href')).toBe(`/guest?id=${config.demoIdentifier}`);
        expect(await demo.isVisible()).toBe(true);
      } else {
        expect(await demo.isVisible()).toBe(false);
      }

      // Footer: phone, e-mail, terms, cookies, privacy, complaints book.
      const footer = page.locator('footer');
      expect(await footer.getByRole('link', { name: new RegExp(config.contact.phone.replace(/[+]/g, '\\+')) }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
      expect(await footer.getByRole('link', { name: new RegExp(config.contact.email) }).getAttribute('href')).toBe(`mailto:${config.contact.email}`);
      expect(await footer.getByRole('link', { name: 'Términos y condiciones' }).getAttribute('href')).toBe('/terminos');
      expect(await footer.getByRole('link', { name: 'Política de cookies' }).getAttribute('href')).toBe('/cookies');
      expect(await footer.getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe('/privacidad');
      expect(await footer.getByRole('link', { name: 'Libro de Reclamaciones' }).getAttribute('href')).toBe('/complaints-book');

      // Layout variants: two hero columns from 1000 px; the footer stacks at 768 px or less.
      const heroColumns = await page.locator('.landing__hero-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(heroColumns).toBe(desktop ? 2 : 1);
      const footerColumns = await page.locator('.site-footer__grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(footerColumns).toBe(viewport.width <= 768 ? 1 : 4);

      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `/ at ${viewport.width} px`);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each([
    ['/terminos', 'Términos y condiciones'],
    ['/cookies', 'Política de cookies'],
    ['/privacidad', 'Política de privacidad'],
  ])('legal page %s', async (path, title) => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.title()).toBe(`${title} · Recuerdos`);
      const config = await siteConfig(page);
      if (path !== '/cookies') expect(await page.locator('main').textContent()).toContain(config.legal.ruc);
      if (path === '/privacidad') {
        const text = (await page.locator('main').textContent()) ?? '';
        for (const phrase of ['Ley N.° 29733', 'Visitantes de un memorial', 'La persona recordada', 'Cuánto tiempo conservamos', 'acceso', 'cancelación']) {
          expect(text).toContain(phrase);
        }
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `${path} at ${viewport.width} px`);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('login, forgot-password, complaints-book and activate-account pages render accessibly', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl, viewport);
    try {
      for (const [path, title] of [
        ['/login', 'Iniciar sesión'],
        ['/forgot-password', 'Recupera tu contraseña'],
        ['/complaints-book', 'Libro de Reclamaciones'],
        ['/activate-account', 'Contrato activado'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(await page.title()).toBe(`${title} · Recuerdos`);
        expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toBe('');
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await expectAccessible(page, `${path} at ${viewport.width} px`);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('app shell files', () => {
  it('serves the icons and a web-app manifest in Spanish', async () => {
    const manifestResponse = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    const manifest = (await manifestResponse.json()) as { lang: string; name: string; icons: { src: string; sizes: string }[] };
    expect(manifest.lang).toBe('es-PE');
    expect(manifest.name).toBe('Recuerdos');
    const robots = await fetch(`${server.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('Disallow: /account');
    for (const src of [...manifest.icons.map((icon) => icon.src), '/favicon.ico', '/apple-touch-icon.png']) {
      const response = await fetch(`${server.baseUrl}${src}`);
      expect(response.status, src).toBe(200);
      expect(response.headers.get('content-type'), src).toMatch(/^image\//);
    }
  });

  it('sends the landing rendered: readable before (or without) JavaScript, then hydrated in place', async () => {
    // Without JavaScript: the pitch, the flyers, the WhatsApp button and the login link are there.
    const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Un lugar para recordar a quienes amamos' }).waitFor();
      expect(await page.locator('.carousel__slide img').count()).toBe(6);
      const config = await siteConfig(page);
      expect(await page.getByRole('link', { name: /Escríbenos por WhatsApp/ }).getAttribute('href')).toContain(`https://wa.me/${config.contact.whatsapp}?text=`);
      expect(await page.getByRole('link', { name: 'Iniciar sesión' }).first().getAttribute('href')).toBe('/login');
      if (config.demoIdentifier) {
        expect(await page.getByRole('link', { name: 'Ver un memorial de ejemplo' }).getAttribute('href')).toBe(`/guest?id=${config.demoIdentifier}`);
      }
      // The first flyer is fetched with the document, not after the JavaScript.
      expect(await page.locator('head link[rel="preload"][as="image"]').count()).toBe(1);
    } finally {
      await context.close();
    }

    // With JavaScript: the doors' bundle takes over the carousel in place (no node replaced), and the login link leads to /login.
    const { page, problems, close } = await openPage(browser, server.baseUrl, PHONE);
    try {
      // Counts every removal of the server's landing markup (a client re-render would replace it).
      const landingReplaced = await watchRemovals(page, '.landing');
      await page.goto('/');
      await pageHydrated(page);
      await page.getByRole('button', { name: 'Imagen siguiente' }).click();
      await expect.poll(() => page.locator('.carousel__dot[aria-current="true"]').getAttribute('aria-label')).toBe('Ver imagen 2 de 6');
      expect(await landingReplaced()).toBe(0);
      await page.getByRole('link', { name: 'Iniciar sesión' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps the focus visible and works without motion', async () => {
    const { page, problems, close } = await openPage(browser, server.baseUrl);
    try {
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Saltar al contenido');
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { width: style.outlineWidth, style: style.outlineStyle };
      });
      expect(outline.style).not.toBe('none');
      expect(parseFloat(outline.width)).toBeGreaterThanOrEqual(2);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });
});
