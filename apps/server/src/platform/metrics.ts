import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import proxyaddr from '@fastify/proxy-addr';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { forbidden } from './errors.ts';

export type MetricsOptions = {
  /** Peers that may read /metrics (METRICS_ALLOW): addresses, ranges, `loopback`...; empty: nobody. */
  allow: string[];
  /** Sockets open on this process now. */
  openSockets(): number;
  /** Emails waiting to be sent after their reply (features/account/mail-later.ts). */
  pendingMail(): number;
};

/** Latency buckets from a cache hit to a slow report, in seconds. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics at GET /metrics (prom-client, one registry per app): requests and their latency
 * by route pattern (never by the URL itself: ids would make a series per game), open sockets, the
 * mail waiting to go out, and Node's own (memory, event loop, GC). Only peers METRICS_ALLOW names
 * may read it, judged by the connection's own address, never X-Forwarded-For: a proxy in front must
 * not make the whole internet a peer.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'streethunt_' });
  const requests = new Counter({ name: 'streethunt_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({ name: 'streethunt_http_request_duration_seconds', help: 'Time to answer, by method and route pattern', labelNames: ['method', 'route'], buckets: BUCKETS, registers: [registry] });
  new Gauge({ name: 'streethunt_open_sockets', help: 'Socket.IO connections open on this process', registers: [registry], collect() { this.set(options.openSockets()); } });
  new Gauge({ name: 'streethunt_mail_pending', help: 'Emails waiting to be sent after their reply', registers: [registry], collect() { this.set(options.pendingMail()); } });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const allowed = proxyaddr.compile(options.allow);
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const peer = request.raw.socket.remoteAddress ?? '';
    if (options.allow.length === 0 || !allowed(peer, 0)) throw forbidden('Metrics are served only to the addresses METRICS_ALLOW names');
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
});
