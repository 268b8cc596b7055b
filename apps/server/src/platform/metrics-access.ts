import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import proxyaddr from '@fastify/proxy-addr';
import { forbidden, unauthorized } from './errors.ts';

export type MetricsAccess = {
  /** Peers that may read /metrics (METRICS_ALLOW): addresses, ranges, `loopback`...; empty: nobody. */
  allow: string[];
  /** When set (METRICS_TOKEN), the bearer token a reader must also send. */
  token?: string | null;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Equal secrets, compared in constant time: both sides are hashed to one length first, so neither the length nor a prefix shows. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read /metrics. The peer must be one METRICS_ALLOW names, judged by the connection's own
 * address, never X-Forwarded-For (else 403). With METRICS_TOKEN set it must ALSO send
 * `Authorization: Bearer <token>` (else 401): a proxy on the same machine makes every caller look
 * like loopback, so the address alone proves nothing there.
 */
export function metricsAccessCheck({ allow, token }: MetricsAccess): (request: FastifyRequest, reply: FastifyReply) => void {
  const allowed = proxyaddr.compile(allow);
  return (request, reply) => {
    const peer = request.raw.socket.remoteAddress ?? '';
    if (allow.length === 0 || !allowed(peer, 0)) throw forbidden('Metrics are served only to the addresses METRICS_ALLOW names');
    if (!token) return;
    const bearer = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer === undefined || !sameSecret(bearer, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('Metrics need the METRICS_TOKEN as Authorization: Bearer <token>');
    }
  };
}
