// Every browser-test file's fixture: the real server on a fresh data folder and one Chromium,
// started before the file's tests and stopped after them. `server` and `browser` are live
// bindings: read them inside hooks and tests (each test file has its own copy of this module).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './server';

export let server: TestServer;
export let browser: Browser;

/** Registers the start and stop hooks; call it first, so later hooks of the file find both running. */
export function useServerAndBrowser(env: Record<string, string> = {}): void {
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });
}
