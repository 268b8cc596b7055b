import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';

/**
 * Which proxies in front of us may say who the client is (`X-Forwarded-For`): none, the nearest
 * `hops` of them, or those at the given addresses or ranges. Never "any": a client would then name
 * its own address and escape every per-address limit.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const NO = ['', '0', 'false', 'no', 'off'];

/**
 * Reads TRUST_PROXY: unset or `false` trusts no proxy; a whole number trusts that many hops (`1`
 * behind one load balancer); a comma-separated list of addresses, ranges (`10.0.0.0/8`) or
 * `loopback`/`linklocal`/`uniquelocal` trusts those. `true` is refused: it would trust every hop.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = (raw ?? '').trim().toLowerCase();
  if (NO.includes(value)) return false;
  if (['true', 'yes', 'on', '*'].includes(value)) {
    return { error: 'trusting every proxy lets a client forge its address: set the number of proxies in front of the server (e.g. 1) or their addresses' };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? { hops } : { error: 'a hop count must be between 1 and 10' };
  }
  const addresses = value.split(',').map((part) => part.trim()).filter(Boolean);
  try {
    proxyaddr.compile(addresses);
  } catch (error) {
    return { error: `not an address, a range or a hop count (${(error as Error).message})` };
  }
  return { addresses };
}

type TrustFunction = (address: string, hop: number) => boolean;

/** The setting as a function of (address, hop), the one form both Fastify and proxy-addr take. */
export function fastifyTrustProxy(trust: TrustProxy): false | TrustFunction {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(trust.addresses);
}

/** The client's address for a raw request (a socket's handshake), exactly as Fastify's `request.ip` finds it. */
export function clientAddress(request: IncomingMessage, trust: TrustProxy): string {
  const trusts = fastifyTrustProxy(trust);
  return trusts ? proxyaddr(request, trusts) : (request.socket.remoteAddress ?? '');
}
