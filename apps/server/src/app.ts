import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accessPlugin } from './platform/access.ts';
import { createTokenSigner, type TokenSigner } from './platform/auth.ts';
import { registerErrorHandler, sendRouteNotFound } from './platform/errors.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { logSerializers, redactedLogPaths } from './platform/logging.ts';
import { systemRoutes } from './features/system/routes.ts';
import { accountRoutes } from './features/account/routes.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { gamesRoutes } from './features/games/routes.ts';
import { paymentsRoutes, sandboxPageRoutes } from './features/payments/routes.ts';
import { playsRoutes } from './features/plays/routes.ts';
import { createRealtime, type Realtime } from './platform/realtime.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Built SPA to serve; defaults to apps/web/dist when it exists. `null` serves the API only. */
  webDist?: string | null;
  logger?: boolean;
  /** Where log lines go instead of stdout (the no-secrets-in-logs test reads them back). */
  logStream?: NodeJS.WritableStream;
};

export type Services = {
  config: Config;
  db: Database['db'];
  mailer: Mailer;
  signer: TokenSigner;
  /** Socket.IO on the same HTTP server. */
  realtime: Realtime;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type App = FastifyInstance;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Body limit for JSON calls; uploads set their own. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel, redact: redactedLogPaths, serializers: logSerializers, ...(deps.logStream && { stream: deps.logStream }) },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const signer = createTokenSigner(config.jwtSecret);
  const realtime = createRealtime(app.server);
  app.addHook('onClose', () => realtime.close());
  app.decorate('services', { config, db: deps.database.db, mailer: deps.mailer, signer, realtime });

  registerErrorHandler(app);
  // Security headers. helmet's middleware is built once here: @fastify/helmet rebuilt it (and parsed
  // the CSP) on every request, which cost the hot player routes about a sixth of their throughput.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The sandbox payment page and media are same-origin; cross-origin isolation would only break tiles.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)));
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, try again in ${context.after}`,
      code: 'rate_limited',
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'StreetHunt API', version: '1.0.0' },
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(accessPlugin, { signer, db: deps.database.db });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(accountRoutes);
      await api.register(gamesRoutes);
      await api.register(playsRoutes);
      await api.register(paymentsRoutes);
      await api.register(feedbackRoutes);
    },
    { prefix: '/api' },
  );
  // The sandbox provider's hosted payment page lives outside /api, like a real provider's would.
  await app.register(sandboxPageRoutes);

  const webDist = deps.webDist === undefined ? (existsSync(defaultWebDist) ? defaultWebDist : null) : deps.webDist;
  if (webDist) await serveSpa(app, webDist);
  else app.setNotFoundHandler(sendRouteNotFound);
  return app;
}

/** Serves the built web app; every non-API GET that is not a file gets index.html (client routing). */
async function serveSpa(app: App, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // Vite puts a content hash in every asset name, so those never change.
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/socket.io/') && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });
}
