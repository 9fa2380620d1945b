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
import { okUnlessUnchanged } from '../../http/reply';
import { createIndexHtml, sendHtml, sendIndex } from '../../plugins/web';
import { guestDocument, guestRendererLoader } from './guest-page.html';
import { presentGuestPage, presentGuestView } from './guest-view.presenter';
import * as service from './guest-view.service';
import { GuestPageCache, pageStamp } from './guest-page-cache';
import { PAGE_SIZE, pagingQuerySchema } from '../content/post-pages';
import { matchesEtag } from '../../http/etag';
import { allowInline, withoutOpenerIsolation } from '../../plugins/security';
import { EARLY_TAPS_HASH } from '../../http/early-taps';
import { limaDate } from '@recuerdos/shared/dates';

export interface GuestPageOptions {
  ctx: AppContext;
  siteConfig: () => SiteConfig;
}

const pageQuerySchema = z.object({
  id: z.string().trim().max(64).optional().catch(undefined),
  /** Which page of memories (the plain "Ver más recuerdos" links); anything else is the first. */
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export const guestPageRoutes: FastifyPluginCallback<GuestPageOptions> = (app, { ctx, siteConfig }, done) => {
  const renderer = guestRendererLoader(ctx.config.webDistDir, ctx.log);
  const indexHtml = createIndexHtml({ distDir: ctx.config.webDistDir, siteConfig });

  app.get('/api/person/guest-view', async (request, reply) => {
    const { id } = parseInput(idQuerySchema, request.query);
    const { size } = pagingQuerySchema.parse(request.query);
    const view = await service.guestView(ctx, await callerOf(ctx.db, request), id);
    // Lima's day is in the stamp: a ceremony folds away the day after it.
    const stamp = `guest-view|${size ?? 'all'}|${ctx.mediaLinks.windowOf(view.memorial)}|${limaDate(ctx.now())}|${JSON.stringify(view.memorial)}`;
    return okUnlessUnchanged(request, reply, stamp, presentGuestView(view, ctx.mediaLinks, ctx.now(), size ? { size, page: 1 } : undefined));
  });

  const pages = new GuestPageCache();

  app.get('/guest', async (request, reply) => {
    const { id, page } = pageQuerySchema.parse(request.query);
    const paging = { size: PAGE_SIZE, page };
    // Spec §2: without an id, or with one that names no memorial, the visitor goes to the landing.
    if (!id) return reply.redirect('/', 302);
    const access = await service.guestPageAccess(ctx, await callerOf(ctx.db, request), id);
    if (!access) return reply.redirect('/', 302);
    const loaded = await renderer();
    if (!loaded) return sendIndex(reply, indexHtml());
    allowInline(reply, { styles: loaded.assets.inlineStyles.map(({ hash }) => hash), scripts: [EARLY_TAPS_HASH, loaded.assets.starter.hash] });
    const { memorial } = access.access;
    // A private memorial's content, rendered for the visitor with its code, keeps its isolation.
    if (memorial.type === 'U' || !access.readable) withoutOpenerIsolation(reply);
    // Counts and posts change at any time: the browser asks again on every visit (and gets a 304
    // while nothing it shows has changed).
    reply.header('cache-control', 'no-cache');
    // A private memorial's content is for the caller only (and its media links are signed for now).
    const shared = !access.readable || memorial.type === 'U';
    const render = async (): Promise<string | null> => {
      const data = presentGuestPage(await service.guestPageState(ctx, access), ctx.config.publicUrl, ctx.mediaLinks, ctx.now(), paging);
      // A page past the last memory: back to the first.
      if (page > 1 && data.view && data.view.adminPosts.length === 0 && data.view.guestPosts.length === 0) return null;
      return guestDocument(data, loaded.render(data), loaded.assets);
    };
    const firstPage = `/guest?id=${encodeURIComponent(memorial.identifier)}`;
    if (!shared) {
      const html = await render();
      return html === null ? reply.redirect(firstPage, 302) : sendHtml(request, reply, html);
    }
    const key = `${memorial.id}:${page}`;
    const stamp = pageStamp(memorial, access.readable, `${page}|${limaDate(ctx.now())}|${loaded.assets.script}|${JSON.stringify(siteConfig())}`);
    const cached = await pages.obtain(key, stamp, render);
    if (!cached) return reply.redirect(firstPage, 302);
    reply.header('etag', `"${cached.etag}"`);
    if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.status(304).header('vary', 'Accept-Encoding').send();
    return sendHtml(request, reply, cached.page);
  });
  done();
};
