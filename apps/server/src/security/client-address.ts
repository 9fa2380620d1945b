// Who a request comes from, for every per-address limit (DESIGN §4). Behind a proxy the address is
// taken only from the hops we trust (TRUST_PROXY: a hop count or the proxies' addresses), never from
// the client's own leftmost X-Forwarded-For entry. An IPv6 client usually holds a whole /64 (often
// far more), so its limits are counted per /64: otherwise each request could come from a new address.
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** false (no proxy), how many proxies in front of the server, or their addresses / CIDR ranges. */
export type TrustProxy = false | number | readonly string[];

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: an IP, a CIDR range, or a proxy-addr name such as 'loopback'. */
export function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_ADDR_NAMES.has(entry)) return true;
  const [ip = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(ip);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: '0' (default, nothing in front), a hop count ('1' behind one load balancer), or a
 * comma-separated list of proxy addresses/ranges. 'true' is refused: it would trust whatever
 * X-Forwarded-For a client sends.
 */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const text = value.trim();
  if (text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops === 0) return false;
    return hops <= 10 ? hops : { error: 'expected at most 10 proxy hops' };
  }
  if (text === 'true') {
    return { error: 'would trust any X-Forwarded-For a client sends: give the number of proxies in front of the server (1 for one load balancer) or their addresses' };
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isTrustedProxyEntry(entry));
  if (entries.length === 0 || bad.length > 0) {
    return { error: `expected 0, a number of proxy hops, or proxy addresses/CIDR ranges (not understood: ${bad.join(', ') || value})` };
  }
  return entries;
}

/** The eight 16-bit groups of a valid IPv6 address (checked by net.isIPv6 first). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  // An embedded IPv4 tail (64:ff9b::192.0.2.1) is the last two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** Fastify's trustProxy: with N hops, the N nearest hops (our proxies) are trusted, so the client is the
 * rightmost X-Forwarded-For entry they did not add themselves. */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/** The key per-address limits count under: IPv4 as is, IPv6 by its /64. */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(bare)) return `${ipv6Groups(bare).slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
  return bare;
}

/** The request's client, as limits see it (Fastify has already applied TRUST_PROXY to request.ip). */
export function clientAddress(request: FastifyRequest): string {
  return addressKey(request.ip);
}

/**
 * Behind a proxy with TRUST_PROXY=0 every visitor has the proxy's address and shares its limits:
 * say so once in the log, the first time a request arrives through a proxy.
 */
export function warnWhenProxyUntrusted(app: FastifyInstance, trustProxy: TrustProxy): void {
  if (trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn(
        'A request arrived through a proxy (X-Forwarded-For) but TRUST_PROXY is 0: every visitor shares the proxy\'s address and its limits. Set TRUST_PROXY (README, production).',
      );
    }
    done();
  });
}
