// The built web app: hashed assets with a year of immutable cache, other public files briefly cached,
// the landing ('/') rendered by the web build's SSR bundle, and index.html (with the site config
// injected) for every other GET that is not /api or /media.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  LANDING_RENDER_FILE,
  SITE_CONFIG_ELEMENT_ID,
  jsonForHtml,
  type LandingRenderModule,
  type SiteConfig,
} from '@recuerdos/shared/site-config';
import { apiNotFound } from './errors';

const CONFIG_PLACEHOLDER = '<!--site-config-->';
const EMPTY_ROOT = '<div id="root"></div>';

export interface WebAppOptions {
  distDir: string;
  siteConfig: () => SiteConfig;
}

/** index.html with the site config in place of its placeholder, or null when the app is not built. */
export function createIndexHtml(options: WebAppOptions): () => string | null {
  let template: string | null = null;
  return () => {
    if (template === null) {
      const file = path.join(options.distDir, 'index.html');
      if (!fs.existsSync(file)) return null;
      template = fs.readFileSync(file, 'utf8');
    }
    const block = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${jsonForHtml(options.siteConfig())}</script>`;
    return template.replace(CONFIG_PLACEHOLDER, block);
  };
}

/** An HTML document and its Brotli and gzip forms, for a page served many times unchanged. */
export interface CompressedHtml {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

const brotli = (html: string): Buffer => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
const gzip = (html: string): Buffer => zlib.gzipSync(html, { level: 6 });

export function compressHtml(html: string): CompressedHtml {
  return { html, br: brotli(html), gzip: gzip(html) };
}

/**
 * The document compressed for the browser (Brotli, else gzip): a phone on a weak connection gets
 * the whole first screen in about a third of the bytes. (The static assets are precompressed.)
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, page: string | CompressedHtml): FastifyReply {
  const accepted = request.headers['accept-encoding'] ?? '';
  reply.status(200).type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(typeof page === 'string' ? brotli(page) : page.br);
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(typeof page === 'string' ? gzip(page) : page.gzip);
  }
  return reply.send(typeof page === 'string' ? page : page.html);
}

/**
 * '/' as the server renders it (docs/decisions/009): index.html with the landing's markup inside
 * #root, made once per site configuration. Null when the SSR bundle is not built (API tests, a
 * server started before the first build) or fails: '/' is then the client-rendered index.html.
 */
export function landingPage(options: WebAppOptions, indexHtml: () => string | null, log: FastifyBaseLogger) {
  const moduleFile = path.join(path.dirname(options.distDir), 'dist-ssr', LANDING_RENDER_FILE);
  let module: Promise<LandingRenderModule | null> | null = null;
  const cache = new Map<string, Promise<CompressedHtml | null>>();

  const load = async (): Promise<LandingRenderModule | null> => {
    if (!fs.existsSync(moduleFile)) {
      log.warn({ moduleFile }, 'landing render not built: / falls back to the client-rendered app');
      return null;
    }
    const loaded = (await import(pathToFileURL(moduleFile).href)) as Partial<LandingRenderModule>;
    if (typeof loaded.renderLanding !== 'function') throw new Error(`${moduleFile} does not export renderLanding`);
    return { renderLanding: loaded.renderLanding };
  };

  const render = async (config: SiteConfig): Promise<CompressedHtml | null> => {
    const template = indexHtml();
    const renderer = await (module ??= load());
    if (!template || !renderer || !template.includes(EMPTY_ROOT)) return null;
    const markup = await renderer.renderLanding(config);
    // React puts the preloads of the page's eager images first; they belong in <head>.
    const preloads = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? '';
    return compressHtml(
      template
        .replace('</head>', `${preloads}</head>`)
        .replace(EMPTY_ROOT, `<div id="root">${markup.slice(preloads.length)}</div>`),
    );
  };

  return async (): Promise<CompressedHtml | null> => {
    const config = options.siteConfig();
    const key = JSON.stringify(config);
    let page = cache.get(key);
    if (!page) {
      page = render(config).catch((err: unknown) => {
        log.error({ err }, 'landing render failed: / falls back to the client-rendered app');
        return null;
      });
      cache.clear();
      cache.set(key, page);
    }
    return page;
  };
}

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<() => string | null> {
  const indexHtml = createIndexHtml(options);
  const landing = landingPage(options, indexHtml, app.log);
  const assetsDir = path.join(options.distDir, 'assets');
  if (fs.existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      wildcard: true,
      index: false,
      // The build writes .br/.gz beside each text asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  if (fs.existsSync(options.distDir)) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      globIgnore: ['assets/**', 'index.html'],
      cacheControl: false,
      setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=3600'),
    });
  }

  app.get('/', async (request, reply) => {
    const page = await landing();
    if (!page) return sendIndex(reply, indexHtml());
    return sendHtml(request, reply.header('cache-control', 'no-cache'), page);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/media/') || pathname.startsWith('/assets/')) {
      return apiNotFound(reply);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return apiNotFound(reply);
    return sendIndex(reply, indexHtml());
  });
  return indexHtml;
}

export function sendIndex(reply: FastifyReply, html: string | null): FastifyReply {
  if (html === null) {
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .send('La aplicación web no está compilada. Ejecuta "npm run build" y vuelve a iniciar el servidor.');
  }
  return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}
