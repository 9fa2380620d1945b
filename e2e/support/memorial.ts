// Memorials for browser tests and the Lighthouse bench, made the way a family makes them: the
// operator CLI creates the contract (with a password), the owner logs in through the API, sets the
// data and the photo, posts, and approves what guests sent (through a guest token of its own).
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Envelope } from '@recuerdos/shared/api-types';
import { mp4Bytes } from '../../apps/server/test/media-fixtures';
import { createContract, uniqueEmail, type TestServer } from './server';

export const OWNER_PASSWORD = 'clave-e2e-1';

type Field = string | Blob | { blob: Blob; filename: string };

export interface CallOptions {
  token?: string;
  guest?: string;
  fields?: Record<string, Field>;
  json?: Record<string, unknown>;
  ip?: string;
}

/** One API call as the browser's client makes it; returns the envelope and the HTTP status. */
export async function api<T = Record<string, unknown>>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions = {},
): Promise<Envelope<T> & { status: number }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.token = options.token;
  if (options.guest) headers.guest = options.guest;
  let body: RequestInit['body'];
  if (options.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.fields) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields)) {
      if (typeof value === 'string') form.append(name, value);
      else if (value instanceof Blob) form.append(name, value, 'file');
      else form.append(name, value.blob, value.filename);
    }
    body = form;
  }
  const response = await fetch(`${baseUrl}/api${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const envelope = (await response.json()) as Envelope<T>;
  return { ...envelope, status: response.status };
}

async function must<T>(call: Promise<Envelope<T> & { status: number }>, what: string): Promise<T> {
  const result = await call;
  if (result.code !== '200') throw new Error(`${what} failed: ${result.status} ${result.message}`);
  return result.data;
}

/** A square JPEG of two warm colours with a circle (something to crop and to look at). */
export async function samplePicture(size = 1000, hue: 'rose' | 'sky' | 'sand' = 'rose'): Promise<Buffer> {
  const colours = { rose: ['#b86b77', '#f3d9c9'], sky: ['#4a6fa5', '#dbe7f3'], sand: ['#a8895b', '#f1e6cf'] }[hue];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${colours[1]}"/><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="${colours[0]}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

const jpeg = (bytes: Buffer, name = 'foto.jpg') => ({ blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), filename: name });
const mp4 = (bytes: Buffer) => ({ blob: new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), filename: 'video.mp4' });

export interface SeedPost {
  text: string;
  picture?: boolean;
  video?: boolean;
}

export interface SeedOptions {
  person?: string;
  type: 'P' | 'U';
  accessCode?: string;
  flagMessage?: boolean;
  flagPicture?: boolean;
  photo?: boolean;
  description?: string;
  ownerPosts?: SeedPost[];
  guestPosts?: (SeedPost & { name: string })[];
  candles?: number;
  flowers?: number;
}

export interface SeededMemorial {
  identifier: string;
  email: string;
  /** The owner's session token (for the owner's API calls: pending list, approvals). */
  token: string;
  fullname: string;
}

export async function seedMemorial(server: TestServer, options: SeedOptions): Promise<SeededMemorial> {
  const base = server.baseUrl;
  const email = uniqueEmail('familia');
  const fullname = options.person ?? 'Rosa Mamani Huamán';
  const created = await createContract(server, { email, name: 'Lucía', lastname: 'Mamani Ccori', person: fullname, password: OWNER_PASSWORD });
  const activation = new URL(created.activationUrl);
  await must(api(base, 'POST', '/contract/activate', { json: { contract: activation.searchParams.get('contract'), token: activation.searchParams.get('token') } }), 'activate');
  const login = await must(api<{ token: string }>(base, 'POST', '/user/login', { json: { email, password: OWNER_PASSWORD } }), 'login');
  const token = login.token;
  const identifier = created.identifier;

  const basic: Record<string, Field> = {
    identifier,
    fullname,
    birthdate: '1941-03-14',
    deathdate: '2023-09-05',
    location: 'Cementerio Presbítero Maestro, Lima',
    description: options.description ?? 'Tu amor vive en cada uno de nosotros. Gracias por enseñarnos a mirar la vida con ternura.',
  };
  if (options.photo) basic.picture = jpeg(await samplePicture(600, 'sand'));
  await must(api(base, 'POST', '/person/update-basic-data', { token, fields: basic }), 'update-basic-data');

  // Owner posts, oldest first (the list shows the newest first).
  for (const [index, post] of (options.ownerPosts ?? []).entries()) {
    const fields: Record<string, Field> = { identifier, message: post.text };
    if (post.picture) fields.postPicture = jpeg(await samplePicture(800, index % 2 ? 'sky' : 'rose'));
    if (post.video) fields.postVideo = mp4(mp4Bytes(8192));
    await must(api(base, 'POST', '/content/save-admin-message', { token, fields }), 'save-admin-message');
  }

  const setType = (type: 'P' | 'U') => must(api(base, 'POST', '/person/update-profile-type', { token, json: { identifier, type } }), 'update-profile-type');
  const setCode = (code: string) => must(api(base, 'POST', '/person/update-access-code', { token, json: { identifier, code } }), 'update-access-code');
  const setFlag = (which: 'picture' | 'message', on: boolean) =>
    must(api(base, 'POST', `/person/update-flag-${which}`, { token, json: { identifier, flag: on ? '1' : '0' } }), `update-flag-${which}`);

  // Guests post only to private memorials that allow it: open it for them, then approve.
  if (options.guestPosts?.length) {
    await setType('P');
    await setCode('semilla1');
    await setFlag('message', true);
    await setFlag('picture', true);
    const guest = (await must(api<{ token: string }>(base, 'POST', '/user/guest/login', { json: { identifier, accessCode: 'semilla1' } }), 'guest login')).token;
    const approvePending = async () => {
      const pending = await must(api<{ posts: { reg: string }[] }>(base, 'GET', `/content/get-guest-pending-posts?identifier=${identifier}`, { token }), 'pending');
      for (const post of pending.posts) await must(api(base, 'POST', '/content/approve-message', { token, json: { identifier, date: post.reg } }), 'approve');
    };
    for (const [index, post] of options.guestPosts.entries()) {
      const fields: Record<string, Field> = { identifier, fullname: post.name, email: '', message: post.text };
      if (post.picture) fields.postPicture = jpeg(await samplePicture(800, 'sky'));
      // Each visitor from their own address (a server with TRUST_PROXY reads it), as at a funeral.
      const ip = `10.${60 + ((index >> 16) & 3)}.${(index >> 8) & 255}.${index & 255}`;
      await must(api(base, 'POST', '/content/save-guest-message', { guest, fields, ip }), 'save-guest-message');
      // The family approves as memories arrive: a memorial holds only so many waiting.
      if ((index + 1) % 10 === 0) await approvePending();
    }
    await approvePending();
  }

  for (let i = 0; i < (options.candles ?? 0); i++) await must(api(base, 'POST', '/gift/update-gift', { token, json: { identifier, type: 'V' } }), 'candle');
  for (let i = 0; i < (options.flowers ?? 0); i++) await must(api(base, 'POST', '/gift/update-gift', { token, json: { identifier, type: 'F' } }), 'flower');

  await setType(options.type);
  if (options.type === 'P') {
    await setCode(options.accessCode ?? 'clave123');
    await setFlag('message', options.flagMessage ?? true);
    await setFlag('picture', options.flagPicture ?? true);
  }
  return { identifier, email, token, fullname };
}

/** The owner's pending guest posts (spec §7 get-guest-pending-posts). */
export async function pendingPosts(baseUrl: string, memorial: SeededMemorial): Promise<{ reg: string; fullname: string; text: string; path: string }[]> {
  const data = await must(
    api<{ posts: { reg: string; fullname: string; text: string; path: string }[] }>(baseUrl, 'GET', `/content/get-guest-pending-posts?identifier=${memorial.identifier}`, { token: memorial.token }),
    'pending',
  );
  return data.posts;
}

/**
 * A visitor enters a private memorial with its code and opens "Deja tu video", `clip` chosen (the
 * picker in Spanish, the file named beside it) and their name written; returns the dialog.
 */
export async function openGuestVideoForm(page: Page, memorial: SeededMemorial, code: string, clip: string, name = 'Julián Mamani'): Promise<Locator> {
  await page.goto(`/guest?id=${memorial.identifier}`);
  await page.locator('.toaster').waitFor({ state: 'attached' });
  await page.getByLabel('Código de acceso').fill(code);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('heading', { level: 1, name: memorial.fullname, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deja tu video' });
  // The picker speaks Spanish on this English browser (Preact renders the same FileChoice).
  await expect.poll(() => dialog.getByText('Elegir video', { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => dialog.getByText('Ningún archivo elegido').isVisible()).toBe(true);
  await dialog.getByLabel('Video', { exact: true }).setInputFiles(clip);
  await expect.poll(() => dialog.getByText(path.basename(clip), { exact: true }).isVisible()).toBe(true);
  await dialog.getByLabel('Tu nombre').fill(name);
  return dialog;
}
