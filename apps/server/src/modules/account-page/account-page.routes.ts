// GET /account and /account/* — the family's account area (docs/decisions/028). `/account` and
// `/account/notifications` arrive rendered with the owner's data when the request carries a live
// session cookie; every other case (no cookie, a stale one, another page of the area, a render not
// built or failing) gets the SPA's index.html, as before. Every answer is private to the browser
// that asked: `Cache-Control: private, no-store` and `Vary: Cookie`, so no shared cache (a CDN, a
// proxy, an Internet café's) keeps or hands out an owner's page. Registered before the catch-all.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_RENDER_FILE,
  type AccountPageName,
  type AccountPageUser,
  type AccountRenderModule,
} from '@recuerdos/shared/account-page';
import type { SiteConfig } from '@recuerdos/shared/site-config';
import type { AppContext } from '../../context';
import { documentUser, sessionCookieFor, sessionCookieToken } from '../../auth/session-cookie';
import type { UserSession } from '../../auth/sessions';
import { createIndexHtml, sendCompressed, sendHtml, sendIndex } from '../../plugins/web';
import { allowInline } from '../../plugins/security';
import { presentSession } from '../user/user.presenter';
import * as users from '../user/user.repository';
import { STYLE_BUNDLE_PREFIX, accountDocument, readAccountPageAssets, type AccountPageAssets } from './account-page.html';

export interface AccountPageOptions {
  ctx: AppContext;
  siteConfig: () => SiteConfig;
}

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

type Renderer = { assets: Record<AccountPageName, AccountPageAssets>; render: AccountRenderModule } | null;

/** The web build's account render and the pages' chunks, or null when either is not built. */
async function loadRenderer(distDir: string, log: FastifyBaseLogger): Promise<Renderer> {
  const moduleFile = path.join(path.dirname(distDir), 'dist-ssr', ACCOUNT_RENDER_FILE);
  const assets = readAccountPageAssets(distDir);
  if (!assets || !fs.existsSync(moduleFile)) {
    log.warn({ moduleFile }, 'The account pages are not server-rendered: the web build has no account render');
    return null;
  }
  const render = (await import(pathToFileURL(moduleFile).href)) as Partial<AccountRenderModule>;
  if (typeof render.accountReads !== 'function' || typeof render.renderAccountPage !== 'function') {
    throw new Error(`${moduleFile} does not export accountReads and renderAccountPage`);
  }
  return { assets, render: render as AccountRenderModule };
}

/** The owner as the client's session holds them: account, and the memorial the session is on. */
async function pageUser(ctx: AppContext, session: UserSession): Promise<AccountPageUser | null> {
  if (session.memorialId === null) return null;
  const memorial = await users.findMemorialById(ctx.db, session.memorialId);
  if (memorial?.accountId !== session.accountId) return null;
  return presentSession({ account: session, memorial, token: '' }, ctx.mediaLinks).user;
}

/**
 * The page's reads, made as the browser would make them: through the API with the owner's token, so
 * every permission and presenter is the API's own. From the visitor's address (the per-address
 * ceilings count them as the browser's).
 */
async function readAnswers(app: FastifyInstance, request: FastifyRequest, token: string, urls: string[]): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  await Promise.all(
    urls.map(async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { token, accept: 'application/json' }, remoteAddress: request.ip });
      if (res.statusCode !== 200) return;
      answers[url] = (res.json<{ data: unknown }>()).data;
    }),
  );
  return answers;
}

export const accountPageRoutes: FastifyPluginCallback<AccountPageOptions> = (app, { ctx, siteConfig }, done) => {
  const indexHtml = createIndexHtml({ distDir: ctx.config.webDistDir, siteConfig });
  const cookie = sessionCookieFor(ctx.config.publicUrl);
  let renderer: Promise<Renderer> | null = null;
  const renderOnce = (): Promise<Renderer> => {
    renderer ??= loadRenderer(ctx.config.webDistDir, ctx.log).catch((err: unknown) => {
      ctx.log.error({ err }, 'The account render could not be loaded');
      return null;
    });
    return renderer;
  };

  const shell = (reply: FastifyReply) => sendIndex(reply.header('vary', 'Cookie'), indexHtml(), PRIVATE_CACHE_CONTROL);

  const rendered = (page: AccountPageName) => async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await documentUser(ctx.db, request, cookie);
    const token = sessionCookieToken(request, cookie);
    const index = indexHtml();
    if (!session || !token || index === null) return shell(reply);
    const loaded = await renderOnce();
    const user = loaded ? await pageUser(ctx, session) : null;
    if (!loaded || !user) return shell(reply);
    let document: ReturnType<typeof accountDocument>;
    try {
      const urls = loaded.render.accountReads(page, user).map((read) => read.url);
      const answers = await readAnswers(app, request, token, urls);
      const out = await loaded.render.renderAccountPage({ page, user, answers, config: siteConfig() });
      document = accountDocument(index, out, loaded.assets[page]);
    } catch (err) {
      // The owner still gets the page: the SPA renders it in the browser.
      request.log.error({ err }, 'The account page could not be rendered');
      return shell(reply);
    }
    allowInline(reply, { styles: document.styleHashes, scripts: document.scriptHashes });
    return sendHtml(request, reply.header('cache-control', PRIVATE_CACHE_CONTROL).header('vary', 'Cookie'), document.html);
  };

  // A page's stylesheets as one (decision 028 §18), named by its content like the build's assets: any
  // instance serving this build serves the same bytes at the same address.
  app.get<{ Params: { file: string } }>(`${STYLE_BUNDLE_PREFIX}:file`, async (request, reply) => {
    const loaded = await renderOnce();
    const href = STYLE_BUNDLE_PREFIX + request.params.file;
    const bundle = loaded ? Object.values(loaded.assets).find((assets) => assets.bundle?.href === href)?.bundle : undefined;
    if (!bundle) return reply.callNotFound();
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return sendCompressed(request, reply, 'text/css; charset=utf-8', { html: bundle.css, br: bundle.br, gzip: bundle.gzip });
  });
  app.get('/account', rendered('home'));
  app.get('/account/notifications', rendered('notifications'));
  app.get('/account/*', async (_request, reply) => shell(reply));
  done();
};
