import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { readDocs } from './read-docs.ts';

type Document = { paths: Record<string, Record<string, unknown>> };

/** `GET /api/games/{gameId}` and the like, as the pages write a route; a query after `?` is not part of it. */
const ROUTE = /\b(GET|POST|PUT|PATCH|DELETE|HEAD) (\/[^\s`'",;)]*)/g;

/**
 * `/api/games/{gameId}` matches the document's `/api/games/{id}` and the app's `/api/games/:id`: a
 * parameter is any one segment, a trailing `*` (the document's `{*}`) the rest of the path.
 */
function pattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => (/^(\{\w+\}|:\w+)$/.test(segment) ? '[^/]+' : segment === '*' || segment === '{*}' ? '.+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Routes the document leaves out on purpose, being no part of the API: the Prometheus text and the
 * sandbox's payment page. The pages may name them; they must still be served. (A page of the app is
 * named by its path alone, `/games`, never with a method.)
 */
const OUTSIDE_THE_DOCUMENT = ['GET /metrics', 'GET /sandbox-pay/:ref'];

describe('routes named in README.md and docs/', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await buildTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
  });
  afterAll(() => t.close());

  it('each is a route of the OpenAPI document, with that method', () => {
    const routes = Object.entries(document.paths).map(([documentPath, operations]) => ({ match: pattern(documentPath), methods: Object.keys(operations) }));
    for (const route of OUTSIDE_THE_DOCUMENT) {
      const [method, url] = route.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), `${route} is served`).toBe(true);
      routes.push({ match: pattern(url), methods: [method.toLowerCase()] });
    }
    const missing: string[] = [];
    let named = 0;
    for (const { file, text } of readDocs()) {
      for (const [, method, raw] of text.matchAll(ROUTE)) {
        const url = raw!.split('?')[0]!.replace(/\.$/, '');
        named += 1;
        const known = routes.some((route) => route.match.test(url) && route.methods.includes(method!.toLowerCase()));
        if (!known) missing.push(`${file}: ${method} ${url}`);
      }
    }
    expect(named).toBeGreaterThan(20);
    expect([...new Set(missing)]).toEqual([]);
  });
});
