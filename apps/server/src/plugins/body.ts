// Request bodies (DESIGN §3): every POST accepts multipart/form-data (the client's default), JSON and
// url-encoded. Multipart on routes without files is collected into `request.body`; routes that take
// files declare `config: { multipartFiles: true }` and stream the parts themselves (readUpload).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { LIMITS } from '@recuerdos/shared/limits';
import { AppError, MESSAGES_HTTP, holdsNul, withoutNul } from '../http/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The handler reads the multipart stream itself (file uploads). */
    multipartFiles?: boolean;
  }
}

export const BODY_LIMITS = {
  /** JSON and url-encoded bodies. */
  bodyBytes: 256 * 1024,
  fieldBytes: 64 * 1024,
  fields: 100,
  files: 1,
  parts: 120,
  /** The largest file any route accepts: a 50 MB video (spec §9); routes check their own limit. */
  fileBytes: LIMITS.videoMaxBytes,
} as const;

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Expands bracket keys into nested objects: `cards[0][reg]=a` → `{ cards: { '0': { reg: 'a' } } }`.
 * Keys that could reach an object's prototype are dropped.
 */
export function expandBrackets(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [rawKey, value] of Object.entries(flat)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const path = match ? [match[1] ?? '', ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')] : [rawKey];
    if (path.some((segment) => FORBIDDEN_KEYS.has(segment)) || path.length > 5) continue;
    let node = out;
    path.forEach((segment, index) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        if (next && typeof next === 'object') {
          node = next as Record<string, unknown>;
        } else {
          const created = Object.create(null) as Record<string, unknown>;
          node[key] = created;
          node = created;
        }
      }
    });
  }
  return out;
}

async function collectFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      part.file.resume();
      throw new AppError(400, MESSAGES_HTTP.filesNotAllowed);
    }
    if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, MESSAGES_HTTP.tooLarge);
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
  }
  return fields;
}

export async function registerBodyParsing(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: BODY_LIMITS.bodyBytes });
  await app.register(multipart, {
    limits: {
      fieldNameSize: 200,
      fieldSize: BODY_LIMITS.fieldBytes,
      fields: BODY_LIMITS.fields,
      fileSize: BODY_LIMITS.fileBytes,
      files: BODY_LIMITS.files,
      parts: BODY_LIMITS.parts,
      headerPairs: 200,
    },
    throwFileSizeLimit: true,
  });

  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.params)) throw new AppError(400, MESSAGES_HTTP.invalidCharacters);
    if (request.isMultipart()) {
      // Upload routes read their fields themselves (readUpload checks them the same way).
      if (request.routeOptions.config.multipartFiles) return;
      request.body = expandBrackets(await collectFields(request));
    } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
      const type = request.headers['content-type'] ?? '';
      if (type.startsWith('application/x-www-form-urlencoded')) {
        request.body = expandBrackets(request.body as Record<string, unknown>);
      }
    }
    if (holdsNul(request.body)) request.body = withoutNul(request.body);
  });
}
