// Errors a person can act on. Anything thrown that is not an AppError becomes a 500 with a generic
// Spanish message (and is logged); the client never sees a stack trace.
import { z } from 'zod';

// Every field schema carries its own Spanish message; what none foresaw (a field of the wrong type
// sent by hand) gets zod's Spanish wording instead of its English default.
z.config(z.locales.es());

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const MESSAGES_HTTP = {
  badRequest: 'La solicitud no es válida. Revisa los datos e inténtalo de nuevo',
  unauthorized: 'Tu sesión ha expirado. Inicia sesión nuevamente',
  forbidden: 'No tienes permiso para realizar esta acción',
  notFound: 'No encontramos lo que buscas',
  memorialNotFound: 'No encontramos este perfil',
  conflict: 'La solicitud entra en conflicto con el estado actual. Inténtalo de nuevo',
  tooLarge: 'La solicitud es demasiado grande',
  unsupportedType: 'El tipo de contenido de la solicitud no es compatible',
  tooMany: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo',
  internal: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos',
  unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos',
  invalidBody: 'El cuerpo de la solicitud no es válido',
  filesNotAllowed: 'Este formulario no admite archivos',
  invalidCharacters: 'La solicitud contiene caracteres no válidos. Revisa los datos e inténtalo de nuevo',
} as const;

/**
 * True when a value (a string, or any string nested in an object or list) holds a NUL character.
 * No query or path of ours may hold one, and PostgreSQL refuses it in text (SQLSTATE 22021): it is
 * turned away at the door with a 400 instead of failing in a query as a 500.
 */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 6 || value === null || typeof value !== 'object') return false;
  return Object.values(value as Record<string, unknown>).some((item) => holdsNul(item, depth + 1));
}

/**
 * A field's NUL characters taken out, in every string of a body (the text rules of
 * packages/shared/src/text.ts take them out of names and messages anyway, issue 12 §9; this covers
 * every other field, such as an identifier, which then simply matches nothing).
 */
export function withoutNul<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutNul(item, depth + 1)) as T;
  const out = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[key] = withoutNul(item, depth + 1);
  return out as T;
}

export const badRequest = (message: string = MESSAGES_HTTP.badRequest) => new AppError(400, message);
export const unauthorized = (message: string = MESSAGES_HTTP.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES_HTTP.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES_HTTP.notFound) => new AppError(404, message);
export const conflict = (message: string = MESSAGES_HTTP.conflict) => new AppError(409, message);
export const tooLarge = (message: string = MESSAGES_HTTP.tooLarge) => new AppError(413, message);
export const tooManyRequests = (message: string = MESSAGES_HTTP.tooMany, retryAfterSeconds?: number) =>
  new AppError(429, message, retryAfterSeconds ? { retryAfter: retryAfterSeconds } : {});

/**
 * Parses input (a body, a query, route params: always an object of fields) with a shared schema;
 * the first issue's Spanish message becomes a 400. A body that is not an object of fields at all (a
 * JSON array or string, a text/plain body) is refused as such.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) {
    throw new AppError(400, MESSAGES_HTTP.invalidBody);
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw new AppError(400, first?.message ?? MESSAGES_HTTP.badRequest, {
    field: first?.path.join('.') ?? '',
  });
}
