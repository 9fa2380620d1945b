// GET / and GET /login — the light doors (docs/decisions/015): server-rendered documents with their
// own small bundles; the SPA's index.html when the doors' render is not built. Registered before the
// web app's catch-all.
import type { FastifyPluginCallback } from 'fastify';
import type { DoorName } from '@recuerdos/shared/doors';
import type { SiteConfig } from '@recuerdos/shared/site-config';
import type { AppContext } from '../../context';
import { createIndexHtml, sendHtml, sendIndex } from '../../plugins/web';
import { allowInline, withoutOpenerIsolation } from '../../plugins/security';
import { doorPages } from './doors.html';

export interface DoorOptions {
  ctx: AppContext;
  siteConfig: () => SiteConfig;
}

const PATHS: Record<DoorName, string> = { landing: '/', login: '/login' };

export const doorRoutes: FastifyPluginCallback<DoorOptions> = (app, { ctx, siteConfig }, done) => {
  const pages = doorPages(ctx.config.webDistDir, siteConfig, ctx.log);
  const indexHtml = createIndexHtml({ distDir: ctx.config.webDistDir, siteConfig });
  for (const [door, url] of Object.entries(PATHS) as [DoorName, string][]) {
    app.get(url, async (request, reply) => {
      const page = await pages.page(door);
      if (!page) return sendIndex(reply, indexHtml());
      allowInline(reply, await pages.inlineHashes(door));
      withoutOpenerIsolation(reply);
      // The demo link and the contact data follow the configuration: asked again on every visit.
      return sendHtml(request, reply.header('cache-control', 'no-cache'), page);
    });
  }
  done();
};
