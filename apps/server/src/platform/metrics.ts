import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { metricsAccessCheck, type MetricsAccess } from './metrics-access.ts';

/** Who may read it (METRICS_ALLOW, METRICS_TOKEN: platform/metrics-access.ts), and what it reports. */
export type MetricsOptions = MetricsAccess & {
  /** Sockets open on this process now. */
  openSockets(): number;
  /** The mail queue (platform/mail/mail-queue.ts): jobs waiting or retrying, jobs out of retries, mails dropped by the hourly limit. */
  mailQueue(): Promise<{ waiting: number; failed: number; dropped: number }>;
};

/** Latency buckets from a cache hit to a slow report, in seconds. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics at GET /metrics (prom-client, one registry per app): requests and their latency
 * by route pattern (never by the URL itself: ids would make a series per game), open sockets, the
 * mail waiting to go out, and Node's own (memory, event loop, GC). Only peers METRICS_ALLOW names
 * may read it, judged by the connection's own address, never X-Forwarded-For: a proxy in front must
 * not make the whole internet a peer; with METRICS_TOKEN set they must also send it as a bearer token.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'streethunt_' });
  const requests = new Counter({ name: 'streethunt_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({ name: 'streethunt_http_request_duration_seconds', help: 'Time to answer, by method and route pattern', labelNames: ['method', 'route'], buckets: BUCKETS, registers: [registry] });
  new Gauge({ name: 'streethunt_open_sockets', help: 'Socket.IO connections open on this process', registers: [registry], collect() { this.set(options.openSockets()); } });
  new Gauge({ name: 'streethunt_mail_queue_depth', help: 'Emails in the queue waiting to be sent (queued or retrying), all processes', registers: [registry], async collect() { this.set((await options.mailQueue()).waiting); } });
  new Gauge({ name: 'streethunt_mail_failed', help: 'Emails that used up their retries and were not sent, all processes', registers: [registry], async collect() { this.set((await options.mailQueue()).failed); } });
  new Gauge({ name: 'streethunt_mail_dropped', help: 'Emails dropped by the hourly limit per address since this process started', registers: [registry], async collect() { this.set((await options.mailQueue()).dropped); } });

  // Each route counts in its own hook, with its pattern and children made once: the request's
  // routeOptions getter builds an object (and reads the server's frozen config) on every call, and
  // prom-client hashes a labels object on every inc or observe; together they cost the hot player
  // routes a sixth of their throughput.
  const recorder = (method: string, route: string) => {
    const time = latency.labels(method, route);
    const counts = new Map<number, Counter.Internal>();
    return (status: number, elapsedMs: number) => {
      let count = counts.get(status);
      if (!count) counts.set(status, (count = requests.labels(method, route, String(status))));
      count.inc();
      time.observe(elapsedMs / 1000);
    };
  };
  app.addHook('onRoute', (route) => {
    const record = new Map([route.method].flat().map((method) => [method, recorder(method, route.url)]));
    const hook: onResponseHookHandler = (request, reply, done) => {
      record.get(request.method)?.(reply.statusCode, reply.elapsedTime);
      done();
    };
    route.onResponse = [route.onResponse ?? []].flat().concat(hook);
  });
  // What no route matched (the not-found handler) counts as one series per method.
  const unmatched = new Map<string, ReturnType<typeof recorder>>();
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      let record = unmatched.get(request.method);
      if (!record) unmatched.set(request.method, (record = recorder(request.method, 'unmatched')));
      record(reply.statusCode, reply.elapsedTime);
    }
    done();
  });

  const checkAccess = metricsAccessCheck(options);
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    checkAccess(request, reply);
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
});
