import type { FastifyInstance, RouteOptions } from 'fastify';

/** The request content types the app parses anywhere: JSON everywhere, the others in their routes' scopes. */
const KNOWN_TYPES = ['application/json', 'application/octet-stream', 'multipart/form-data', 'application/x-www-form-urlencoded', 'text/xml', 'application/xml'];

/**
 * A route as registered: the types declared for its body (`consumes`, which the API document shows),
 * whether it has a body schema, and the types its scope parses: all of them, and those beyond the app's own.
 */
type RouteContentTypes = { method: string; url: string; consumes: string[] | undefined; hasBody: boolean; parses: string[]; ownParsers: string[] };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the content types its scope parses (a test holds the API document to them). */
    routeContentTypes: RouteContentTypes[];
  }
}

/**
 * Records, for every route registered after it, the content types its scope parses. A plugin's own
 * parser (a file's bytes, multipart, a provider's form) is invisible in the API document unless the
 * route says so: the record lets a test hold every route's document to what it really takes.
 */
export function recordRouteContentTypes(app: FastifyInstance): void {
  const rootParsers = new Set(KNOWN_TYPES.filter((type) => app.hasContentTypeParser(type)));
  const routes: RouteContentTypes[] = [];
  app.decorate('routeContentTypes', routes);
  app.addHook('onRoute', function record(this: FastifyInstance, route: RouteOptions) {
    const schema = route.schema as { consumes?: string[]; body?: unknown } | undefined;
    const parses = [...new Set([...KNOWN_TYPES, ...(schema?.consumes ?? [])])].filter((type) => this.hasContentTypeParser(type));
    const ownParsers = parses.filter((type) => !rootParsers.has(type));
    for (const method of [route.method].flat()) {
      routes.push({ method: String(method), url: route.url, consumes: schema?.consumes, hasBody: schema?.body !== undefined, parses, ownParsers });
    }
  });
}
