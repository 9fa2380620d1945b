// How long a client may take to send a request (docs/decisions/011-abuse-limits.md). Headers must
// arrive within a short time; a body must keep moving at a minimum rate, checked window by window,
// rather than finish within a short total: a 50 MB video from a phone on a weak connection takes
// minutes and must still arrive, while a body that trickles in a few bytes at a time (holding a
// connection and a request slot open for free) is cut. A long total stays as a backstop.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export interface HttpTimeouts {
  /** Request line and headers must be complete within this time (Node's headersTimeout). */
  headersMs: number;
  /** Backstop on a whole request, body included (Node's requestTimeout). */
  requestMs: number;
  /** How often Node checks the two timeouts above. */
  checkIntervalMs: number;
  /** A body must bring at least `bodyMinBytes` in every `bodyWindowMs`, or the connection is closed. */
  bodyWindowMs: number;
  bodyMinBytes: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 20_000,
  requestMs: 60 * 60_000,
  checkIntervalMs: 5_000,
  // 32 KiB per 30 s ≈ 1 KiB/s (9 kbit/s): far below any phone data connection, far above a trickle.
  bodyWindowMs: 30_000,
  bodyMinBytes: 32 * 1024,
};

/** The Fastify server options that carry the timeouts. */
export function serverTimeoutOptions(t: HttpTimeouts): Pick<FastifyServerOptions, 'requestTimeout'> & { http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } } {
  return {
    requestTimeout: t.requestMs,
    http: { headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval: t.checkIntervalMs },
  };
}

/** Closes the connection of a request whose body arrives slower than the minimum rate. */
export function registerSlowBodyGuard(app: FastifyInstance, t: Pick<HttpTimeouts, 'bodyWindowMs' | 'bodyMinBytes'>): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const declared = Number(raw.headers['content-length'] ?? 0);
    const hasBody = declared > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) {
      done();
      return;
    }
    const socket = raw.socket;
    let seen = socket.bytesRead;
    let tickedAt = Date.now();
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        clearInterval(timer);
        return;
      }
      const now = socket.bytesRead;
      const at = Date.now();
      // A body we have stopped reading (our own back-pressure: a slow store) is not the client's
      // fault, nor is a window our own event loop stalled through (the check itself ran late).
      const heldByUs = raw.isPaused() || raw.readableLength >= raw.readableHighWaterMark || at - tickedAt > 1.2 * t.bodyWindowMs;
      if (!heldByUs && now - seen < t.bodyMinBytes) {
        clearInterval(timer);
        request.log.info({ bytesInWindow: now - seen, windowMs: t.bodyWindowMs }, 'Request body too slow: connection closed');
        socket.destroy();
        return;
      }
      seen = now;
      tickedAt = at;
    }, t.bodyWindowMs);
    timer.unref();
    reply.raw.once('close', () => clearInterval(timer));
    done();
  });
}
