// The one response envelope of DESIGN §3: { code: "200", message, data }.
import type { Envelope } from '@recuerdos/shared/api-types';

export function ok<T extends object>(data: T, message = 'OK'): Envelope<T> {
  return { code: '200', message, data };
}

export function failure(statusCode: number, message: string, data: Record<string, unknown> = {}): Envelope<Record<string, unknown>> {
  return { code: String(statusCode), message, data };
}
