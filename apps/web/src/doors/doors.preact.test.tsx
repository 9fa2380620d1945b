// The doors' islands hydrate what the server rendered without a mismatch (docs/decisions/015), run
// on Preact as their bundles run them. Preact's hydration trusts the server's attributes and never
// reports a difference, so two checks: each island, rendered on its own as its bundle renders it,
// gives exactly the markup the server wrote for it inside the whole page (a useId, a context or a
// prop that differs between the two would show here); and the real entry, hydrating the server's
// document, changes no node or text, then works.
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_FORM_ISLAND_ID, LoginForm } from '../features/auth/components/login-form';
import { FlyerCarousel } from '../features/landing/components/flyer-carousel';
import { FLYERS_ISLAND_ID } from '../features/landing/components/landing-page';
import { FLYERS } from '../features/landing/media/catalog';
import { parseSiteConfig } from '../lib/site-config';
import { renderDoor } from './render';

// The placeholders' business data, with a public address and a demo memorial (the landing links it).
const CONFIG = parseSiteConfig({ publicUrl: 'https://recuerdos.test', demoIdentifier: 'Demo123456' });

/** An element's markup as the browser serialises it (attribute quoting, void tags). */
function islandIn(html: string, id: string): string {
  const doc = new DOMParser().parseFromString(`<div id="root">${html}</div>`, 'text/html');
  const island = doc.getElementById(id);
  if (!island) throw new Error(`#${id} is not in the page`);
  return island.innerHTML;
}
function serialised(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

/** The server's document body, then the door's real entry; every node or text change recorded. */
async function hydrateDoor(door: 'landing' | 'login', entry: () => Promise<unknown>): Promise<MutationRecord[]> {
  document.body.innerHTML = `<div id="root">${renderDoor(door, CONFIG).html}</div>`;
  const changes: MutationRecord[] = [];
  const observer = new MutationObserver((records) => changes.push(...records));
  observer.observe(document.body, { childList: true, characterData: true, subtree: true });
  await entry();
  // Effects run after the next frame (Preact waits at most 35 ms for it).
  await new Promise((resolve) => setTimeout(resolve, 100));
  changes.push(...observer.takeRecords());
  observer.disconnect();
  return changes;
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  vi.resetModules();
  vi.unstubAllGlobals();
});

describe('the landing', () => {
  it("renders the carousel island as the server did inside the page", () => {
    const page = renderDoor('landing', CONFIG);
    expect(islandIn(page.html, FLYERS_ISLAND_ID)).toBe(serialised(renderToString(<FlyerCarousel images={FLYERS} />)));
  });

  it('hydrates the carousel without changing a node, and its buttons then work', async () => {
    const changes = await hydrateDoor('landing', () => import('./landing-client'));
    expect(changes).toEqual([]);
    const current = () => document.querySelector('.carousel__dot[aria-current="true"]')?.getAttribute('aria-label');
    expect(current()).toBe('Ver imagen 1 de 6');
    // jsdom neither scrolls nor matches media; the dots follow the chosen flyer.
    Element.prototype.scrollTo = () => undefined;
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    document.querySelector<HTMLButtonElement>('.carousel__arrow--next')?.click();
    await vi.waitFor(() => expect(current()).toBe('Ver imagen 2 de 6'));
  });
});

describe('/login', () => {
  it('renders the form island as the server did inside the page', () => {
    const page = renderDoor('login', CONFIG);
    expect(islandIn(page.html, LOGIN_FORM_ISLAND_ID)).toBe(serialised(renderToString(<LoginForm onSignedIn={() => undefined} />)));
  });

  it('hydrates the form without changing a node, then enables it and checks what is typed', async () => {
    const changes = await hydrateDoor('login', () => import('./login-client'));
    expect(changes).toEqual([]);
    const button = document.querySelector<HTMLButtonElement>('#login-form button[type="submit"]');
    expect(button?.disabled).toBe(false);
    button?.click();
    await vi.waitFor(() =>
      expect(Array.from(document.querySelectorAll('.field__error'), (el) => el.textContent)).toEqual(['Ingresa tu correo electrónico', 'Ingresa tu contraseña']),
    );
    expect(document.activeElement?.id).toBe('login-email');
  });

  it('sends a visitor who already has a session to /account without hydrating', async () => {
    localStorage.setItem('user', JSON.stringify({ email: 'ana@mail.com', name: 'Ana', lastname: 'Q', identifier: 'abc', profilepath: '', token: 'tok' }));
    const replace = vi.fn();
    vi.stubGlobal('location', { replace });
    const changes = await hydrateDoor('login', () => import('./login-client'));
    expect(replace).toHaveBeenCalledWith('/account');
    expect(changes).toEqual([]);
    expect(document.querySelector<HTMLButtonElement>('#login-form button[type="submit"]')?.disabled).toBe(true);
  });
});
