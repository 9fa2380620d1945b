// Owners for the account area's browser tests: an account made with the operator CLI (a second
// contract for the same e-mail adds a memorial), activated, and helpers to act on the API as its
// owner or as a guest of its memorial, as the browser would.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createContract, uniqueEmail, type CreatedContract, type TestServer } from './server';

export const OWNER_PASSWORD = 'clave-segura-1';

export interface Owner {
  email: string;
  password: string;
  name: string;
  lastname: string;
  memorials: { identifier: string; person: string; accessCode: string }[];
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the reply's shape
export async function api<T = Record<string, unknown>>(
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; guest?: string; body?: Record<string, unknown>; form?: FormData; ip?: string } = {},
): Promise<{ status: number; code: string; message: string; data: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.token = options.token;
  if (options.guest) headers.guest = options.guest;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (options.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = body;
  const res = await fetch(`${server.baseUrl}/api${path}`, init);
  const json = (await res.json()) as { code: string; message: string; data: T };
  return { status: res.status, ...json };
}

async function activate(server: TestServer, created: CreatedContract): Promise<void> {
  const url = new URL(created.activationUrl);
  const res = await api(server, 'POST', '/contract/activate', { body: { contract: url.searchParams.get('contract'), token: url.searchParams.get('token') } });
  expect(res.code).toBe('200');
}

/** An account with a password, one activated contract per person (each a private memorial). */
export async function makeOwner(server: TestServer, prefix: string, persons: string[] = ['Rosa Mamani Huamán']): Promise<Owner> {
  const email = uniqueEmail(prefix);
  const owner: Owner = { email, password: OWNER_PASSWORD, name: 'Ana', lastname: 'Quispe Rojas', memorials: [] };
  for (const person of persons) {
    const created = await createContract(server, { email, name: owner.name, lastname: owner.lastname, person, password: OWNER_PASSWORD });
    await activate(server, created);
    owner.memorials.push({ identifier: created.identifier, person, accessCode: '' });
  }
  const token = await ownerToken(server, owner);
  for (const memorial of owner.memorials) {
    const person = await api<{ personData: { entercode: string } }>(server, 'GET', `/person/get-person?identifier=${memorial.identifier}`, { token });
    memorial.accessCode = person.data.personData.entercode;
  }
  return owner;
}

/** A fresh API session of the owner (on its first memorial). */
export async function ownerToken(server: TestServer, owner: Owner): Promise<string> {
  const res = await api<{ token: string }>(server, 'POST', '/user/login', { body: { email: owner.email, password: owner.password } });
  expect(res.code).toBe('200');
  return res.data.token;
}

/** A guest session of a private memorial, with its access code. */
export async function guestToken(server: TestServer, identifier: string, accessCode: string, ip?: string): Promise<string> {
  const res = await api<{ token: string }>(server, 'POST', '/user/guest/login', { body: { identifier, accessCode }, ...(ip ? { ip } : {}) });
  expect(res.code, res.message).toBe('200');
  return res.data.token;
}

export async function logIn(page: Page, owner: Owner, memorialName = owner.memorials[0]?.person ?? ''): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(owner.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL('**/account');
  await page.getByRole('heading', { level: 1, name: memorialName }).waitFor();
  // The page may arrive rendered by the server (decision 028): its buttons answer once React has
  // hydrated it, and the toasts' live region is mounted only then.
  await accountLive(page);
  await page.locator('.toaster').waitFor({ state: 'attached' });
}

/**
 * The account pages arrive rendered by the server and start their script after the first paint
 * (docs/decisions/028): a test waits for `<html data-hydrated>` before it taps, as a person waits
 * for the page to answer.
 */
export async function accountLive(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Polls `read` until `check` passes (server-side effects of the page's calls). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export { uniqueEmail };
