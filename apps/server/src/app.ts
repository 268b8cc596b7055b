import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_JSON_BODY_BYTES } from '@streethunt/shared';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { App } from './services.ts';
import { accessPlugin } from './platform/access.ts';
import { fastifyTrustProxy } from './platform/trust-proxy.ts';
import { createTokenSigner } from './platform/auth.ts';
import { registerErrorHandler, sendRouteNotFound } from './platform/errors.ts';
import { recordRouteContentTypes } from './platform/route-content-types.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { logSerializers, redactedLogPaths } from './platform/logging.ts';
import { systemRoutes } from './features/system/routes.ts';
import { healthRoutes } from './features/system/health-routes.ts';
import { accountRoutes } from './features/account/routes.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { gamesRoutes } from './features/games/routes.ts';
import { paymentsRoutes, sandboxPageRoutes } from './features/payments/routes.ts';
import { playsDeps, playsRoutes, type PlayPorts } from './features/plays/routes.ts';
import { eventsRoutes } from './features/events/routes.ts';
import { photosRoutes } from './features/photos/routes.ts';
import { assertTeamMayPlay, joinTeamRoom, playChanged, problemReported, teamScoreEnd } from './features/events/service.ts';
import { findEvent } from './features/events/team-of-code.ts';
import { openHintForCode, type OnPlayFinished } from './features/plays/service.ts';
import { sendFeedbackInvitation } from './features/feedback/service.ts';
import { studioRoutes } from './features/studio/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { leadsRoutes } from './features/leads/routes.ts';
import { accessibilityRoutes } from './features/accessibility/routes.ts';
import { createRealtime } from './platform/realtime.ts';
import { connectRedis, type RedisLink } from './platform/shared-state/redis-link.ts';
import { createSharedState } from './platform/shared-state/shared-state.ts';
import { linkCacheBus } from './platform/shared-state/cache-bus.ts';
import { replyCompression } from './platform/compression.ts';
import { metricsPlugin } from './platform/metrics.ts';
import { createMailQueue } from './platform/mail/mail-queue.ts';
import { serveWebApp } from './platform/web-app.ts';
import { webAppScriptHashes } from './platform/inline-scripts.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { createFirstScreenRenderer } from './features/first-screen/service.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import type { Storage } from './platform/storage/storage.ts';
import { createGeocoder } from './platform/geocoder/create-geocoder.ts';
import type { Geocoder } from './platform/geocoder/geocoder.ts';
import { createPaymentProvider } from './platform/payments/create-payment-provider.ts';
import type { PaymentProvider } from './platform/payments/provider.ts';
import { placesRoutes } from './features/places/routes.ts';
import { usersRoutes } from './features/users/routes.ts';
import { reportsRoutes } from './features/reports/routes.ts';
import { trialsRoutes } from './features/trials/routes.ts';
import { payoutsRoutes } from './features/payouts/routes.ts';
import { refundsRoutes } from './features/refunds/routes.ts';
import { myGamesRoutes } from './features/my-games/routes.ts';
import { mediaFileRoutes, mediaRoutes } from './features/media/routes.ts';
import { tileSourceOf } from './platform/tile-source.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Media files; defaults to the local disk under DATA_DIR/media. */
  storage?: Storage;
  /** The places search; defaults to the gazetteer, behind GEOCODER_URL's upstream when set. */
  geocoder?: Geocoder;
  /** The payment provider; defaults to the one PAYMENT_PROVIDER names. */
  payments?: PaymentProvider;
  /** Built SPA to serve; defaults to apps/web/dist when it exists. `null` serves the API only. */
  webDist?: string | null;
  /** Redis connections to use instead of those REDIS_URL names (the app then leaves closing them to the caller). */
  redis?: RedisLink | null;
  logger?: boolean;
  /** Where log lines go instead of stdout (the no-secrets-in-logs test reads them back). */
  logStream?: NodeJS.WritableStream;
  /** The mail queue's first retry delay and poll period (tests shorten them). */
  mailQueue?: { retryDelaySeconds?: number; retryLimit?: number; pollMs?: number };
  /** What runs once a play ends; defaults to the feedback invitation to the buyer (the plays tests count calls instead). */
  onPlayFinished?: OnPlayFinished;
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** A request id the proxy in front sent, when it looks like one; else a new one. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}


export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const webDist = deps.webDist === undefined ? (existsSync(defaultWebDist) ? defaultWebDist : null) : deps.webDist;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel, redact: redactedLogPaths, serializers: logSerializers, ...(deps.logStream && { stream: deps.logStream }) },
    // Uploads and open-format files set their own.
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Every log line of a request carries its id (reqId), and the reply says it (x-request-id), so
    // a user's report or a proxy's log leads to the server's lines. A proxy's own id is kept when sane.
    requestIdHeader: false,
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();
  // While closing, each reply also closes its connection: a keep-alive connection that was busy when
  // the close began would otherwise hold the server open until its keep-alive timeout.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const signer = createTokenSigner(config.jwtSecret);
  // Several processes share counts, word of changed rows and live events through Redis (REDIS_URL).
  const ownedRedis = deps.redis === undefined && config.redis ? await connectRedis({ ...config.redis, log: app.log }) : null;
  const redis = deps.redis ?? ownedRedis;
  const unlinkCacheBus = redis ? await linkCacheBus(deps.database.db, redis) : null;
  const shared = createSharedState(redis);
  const realtime = createRealtime(app.server, { publicUrl: config.publicUrl, redis });
  // Sockets first (preClose runs before the HTTP server stops), so phones reconnect elsewhere at once.
  app.addHook('preClose', () => realtime.close());
  app.addHook('onClose', async () => {
    unlinkCacheBus?.();
    await ownedRedis?.close();
  });
  // Every email waits in the database until the transport took it (decision record 007).
  const mailer = await createMailQueue({
    database: deps.database,
    transport: deps.mailer,
    log: app.log,
    ...deps.mailQueue,
  });
  // Sending starts once every feature has said how its kinds of mail are written.
  app.addHook('onReady', async () => mailer.start());
  // What is queued and not yet sent waits in the database for the next start.
  app.addHook('onClose', async () => mailer.stop());
  app.decorate('services', { config, db: deps.database.db, mailer, signer, realtime, shared, storage: deps.storage ?? createStorage(config), geocoder: deps.geocoder ?? createGeocoder(config, app.log, shared.redis), payments: deps.payments ?? createPaymentProvider(config, app.log) });

  registerErrorHandler(app);
  await app.register(metricsPlugin, {
    allow: config.metricsAllow,
    token: config.metricsToken,
    openSockets: () => realtime.io.engine.clientsCount,
    mailQueue: () => mailer.counts(),
  });
  // Security headers, worked out once from helmet's options (@fastify/helmet rebuilt its middleware
  // and parsed the CSP on every request, which cost the hot player routes a sixth of their throughput).
  const mediaOrigins = config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];
  // 'Save for offline' fetches the game's tiles from the page where the tile server allows it (TILE_OFFLINE=area).
  const tileOrigins = config.tileOffline === 'area' ? tileSourceOf(config.tileUrl) : [];
  const setSecurityHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...webAppScriptHashes(webDist)],
        // Mantine writes its CSS variables in <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Media may be served from the bucket's public address (S3_PUBLIC_URL).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...mediaOrigins, ...tileOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        connectSrc: ["'self'", 'ws:', 'wss:', ...tileOrigins],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The sandbox payment page and media are same-origin; cross-origin isolation would only break tiles.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    setSecurityHeaders(reply.raw);
    done();
  });
  await app.register(rateLimit, {
    global: false,
    // With Redis, every process counts a client's calls together (platform/shared-state).
    store: shared.rateLimitStore,
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, try again in ${context.after}`,
      code: 'rate_limited',
    }),
  });
  // Kept in production too: only api-document.test.ts reads the record, but it must read the routes of
  // the app as it runs, not of one built apart for tests; it costs a small list, made once at startup.
  recordRouteContentTypes(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'StreetHunt API', version: '1.0.0' },
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // The `organiser` rule reads the event as the events feature does, through its cache.
  await app.register(accessPlugin, { signer, db: deps.database.db, eventOf: async (eventId) => (await findEvent(deps.database.db, eventId))?.event ?? null });

  await app.register(
    async (api) => {
      await api.register(replyCompression);
      await api.register(systemRoutes);
      await api.register(accountRoutes);
      await api.register(gamesRoutes);
      await api.register(studioRoutes);
      await api.register(adminRoutes);
      await api.register(leadsRoutes);
      await api.register(accessibilityRoutes);
      const playPorts: PlayPorts = {
        onPlayFinished: deps.onPlayFinished ?? ((play) => sendFeedbackInvitation(api.services, play)),
        onPlayChanged: ({ code, progress, step }) => playChanged(api.services, code, progress, step),
        playGate: (code) => assertTeamMayPlay(api.services.db, code),
        scoreEnd: (code) => teamScoreEnd(api.services.db, code),
        onWatched: (socket, code) => joinTeamRoom(api.services, socket, code),
      };
      await api.register(playsRoutes, playPorts);
      await api.register(eventsRoutes, { openHint: (code, at) => openHintForCode(playsDeps(api, playPorts), code, at) });
      await api.register(photosRoutes, { plays: playsDeps(api, playPorts) });
      await api.register(paymentsRoutes);
      await api.register(trialsRoutes);
      await api.register(feedbackRoutes, { onProblemReported: ({ code, questionNumber, message }) => problemReported(api.services, code, questionNumber, message) });
      // The creator's media library and uploads; multipart bodies are parsed in its scope only.
      await api.register(mediaRoutes);
      await api.register(myGamesRoutes);
      await api.register(placesRoutes);
      await api.register(usersRoutes);
      await api.register(reportsRoutes);
      await api.register(payoutsRoutes);
      await api.register(refundsRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(healthRoutes);
  // The sandbox provider's hosted payment page lives outside /api, like a real provider's would.
  await app.register(sandboxPageRoutes);
  // Stored media (GET /media/{key}?w=): files for <img>, outside /api like the SPA's own assets.
  await app.register(mediaFileRoutes);

  if (webDist) await serveWebApp(app, webDist, await createFirstScreenRenderer(app.services, webDist));
  else app.setNotFoundHandler(sendRouteNotFound);
  return app;
}
