// GET /account and /account/* — the family's account area (docs/decisions/028). Every answer is
// private to the browser that asked: `Cache-Control: private, no-store` and `Vary: Cookie`, so no
// shared cache (a CDN, a proxy, an Internet café's) ever keeps or hands out an owner's page, and the
// browser does not keep it on disk after logout either. Registered before the web app's catch-all.
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { SiteConfig } from '@recuerdos/shared/site-config';
import type { AppContext } from '../../context';
import { createIndexHtml, sendIndex } from '../../plugins/web';

export interface AccountPageOptions {
  ctx: AppContext;
  siteConfig: () => SiteConfig;
}

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export const accountPageRoutes: FastifyPluginCallback<AccountPageOptions> = (app, { ctx, siteConfig }, done) => {
  const indexHtml = createIndexHtml({ distDir: ctx.config.webDistDir, siteConfig });
  const page = async (_request: unknown, reply: FastifyReply) => sendIndex(reply.header('vary', 'Cookie'), indexHtml(), PRIVATE_CACHE_CONTROL);
  app.get('/account', page);
  app.get('/account/*', page);
  done();
};
