// The built web app: hashed assets with a year of immutable cache, other public files briefly cached,
// and index.html (with the site config injected) for every GET that is not /api or /media and that
// no page of the server's own answers (the guest page, the doors '/' and '/login').
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SITE_CONFIG_ELEMENT_ID, jsonForHtml, type SiteConfig } from '@recuerdos/shared/site-config';
import { apiNotFound } from './errors';

const CONFIG_PLACEHOLDER = '<!--site-config-->';

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
  return sendCompressed(request, reply, 'text/html; charset=utf-8', page);
}

/** A text answer compressed for the browser (Brotli, else gzip), of the given content type. */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, type: string, page: string | CompressedHtml): FastifyReply {
  const accepted = request.headers['accept-encoding'] ?? '';
  const vary = reply.getHeader('vary');
  reply.status(200).type(type).header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(typeof page === 'string' ? brotli(page) : page.br);
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(typeof page === 'string' ? gzip(page) : page.gzip);
  }
  return reply.send(typeof page === 'string' ? page : page.html);
}

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<() => string | null> {
  const indexHtml = createIndexHtml(options);
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

export function sendIndex(reply: FastifyReply, html: string | null, cacheControl = 'no-cache'): FastifyReply {
  if (html === null) {
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .send('La aplicación web no está compilada. Ejecuta "npm run build" y vuelve a iniciar el servidor.');
  }
  return reply.status(200).type('text/html; charset=utf-8').header('cache-control', cacheControl).send(html);
}
