// GET /guest?id= — the guest memorial rendered on the server (issue 5; docs/decisions/007), and
// GET /api/person/guest-view?id= — its data in one read, for the page after the access code and for
// the client-rendered fallback. Registered before the web app's catch-all.
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { idQuerySchema } from '@recuerdos/shared/memorial-schemas';
import type { SiteConfig } from '@recuerdos/shared/site-config';
import type { AppContext } from '../../context';
import { callerOf } from '../../auth/memorial-access';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import { createIndexHtml, sendHtml, sendIndex } from '../../plugins/web';
import { guestDocument, guestRendererLoader } from './guest-page.html';
import { presentGuestPage, presentGuestView } from './guest-view.presenter';
import * as service from './guest-view.service';
import { GuestPageCache, pageStamp } from './guest-page-cache';
import { matchesEtag } from '../media/media.routes';

export interface GuestPageOptions {
  ctx: AppContext;
  siteConfig: () => SiteConfig;
}

const pageQuerySchema = z.object({ id: z.string().trim().max(64).optional().catch(undefined) });

export const guestPageRoutes: FastifyPluginCallback<GuestPageOptions> = (app, { ctx, siteConfig }, done) => {
  const renderer = guestRendererLoader(ctx.config.webDistDir, ctx.log);
  const indexHtml = createIndexHtml({ distDir: ctx.config.webDistDir, siteConfig });

  app.get('/api/person/guest-view', async (request) => {
    const { id } = parseInput(idQuerySchema, request.query);
    return ok(presentGuestView(await service.guestView(ctx, await callerOf(ctx.db, request), id), ctx.mediaLinks));
  });

  const pages = new GuestPageCache();

  app.get('/guest', async (request, reply) => {
    const { id } = pageQuerySchema.parse(request.query);
    // Spec §2: without an id, or with one that names no memorial, the visitor goes to the landing.
    if (!id) return reply.redirect('/', 302);
    const access = await service.guestPageAccess(ctx, await callerOf(ctx.db, request), id);
    if (!access) return reply.redirect('/', 302);
    const loaded = await renderer();
    if (!loaded) return sendIndex(reply, indexHtml());
    const { memorial } = access.access;
    // Counts and posts change at any time: the browser asks again on every visit (and gets a 304
    // while nothing it shows has changed).
    reply.header('cache-control', 'no-cache');
    // A private memorial's content is for the caller only (and its media links are signed for now).
    const shared = !access.readable || memorial.type === 'U';
    if (!shared) {
      const data = presentGuestPage(await service.guestPageState(ctx, access), ctx.config.publicUrl, ctx.mediaLinks);
      return sendHtml(request, reply, guestDocument(data, loaded.render(data), loaded.assets));
    }
    const stamp = pageStamp(memorial, access.readable, `${loaded.assets.script}|${JSON.stringify(siteConfig())}`);
    let cached = pages.get(memorial.id, stamp);
    if (!cached) {
      const data = presentGuestPage(await service.guestPageState(ctx, access), ctx.config.publicUrl, ctx.mediaLinks);
      cached = pages.put(memorial.id, stamp, guestDocument(data, loaded.render(data), loaded.assets));
    }
    reply.header('etag', `"${cached.etag}"`);
    if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.status(304).header('vary', 'Accept-Encoding').send();
    return sendHtml(request, reply, cached.page);
  });
  done();
};
