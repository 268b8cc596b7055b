import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config.ts';

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
