import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

type Operation = { requestBody?: { content?: Record<string, { schema?: unknown }> } };
type Document = { paths: Record<string, Record<string, Operation>> };

/** `/api/games/:gameId` as the API document writes it: `/api/games/{gameId}`. */
const documentedPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the API document (/api/docs) says what each route takes', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await buildTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
  });
  afterAll(() => t.close());

  const routesWithBodies = () =>
    t.app.routeContentTypes
      .filter((route) => route.hasBody || route.consumes !== undefined)
      .map((route) => ({ route, operation: document.paths[documentedPath(route.url)]?.[route.method.toLowerCase()] }))
      .filter((entry): entry is { route: typeof entry.route; operation: Operation } => entry.operation !== undefined);

  it('every route: the request content types documented are the ones it takes, and its scope parses each', () => {
    const mismatches: unknown[] = [];
    const entries = routesWithBodies();
    for (const { route, operation } of entries) {
      const takes = [...(route.consumes ?? ['application/json'])].sort();
      const documented = Object.keys(operation.requestBody?.content ?? {}).sort();
      const name = `${route.method} ${route.url}`;
      if (documented.join() !== takes.join()) mismatches.push({ name, documented, takes });
      const unparsed = takes.filter((type) => !route.parses.includes(type));
      if (unparsed.length > 0) mismatches.push({ name, unparsed });
      // A scope with a parser of its own (a file's bytes, multipart): its routes say which they take,
      // else the document would say JSON for a route that reads bytes.
      if (route.ownParsers.length > 0 && route.consumes === undefined) mismatches.push({ name, ownParsers: route.ownParsers, consumes: 'not said' });
    }
    expect(entries.length).toBeGreaterThan(40);
    expect(mismatches).toEqual([]);
  });

  it('a file to read is documented as its bytes (application/octet-stream, binary)', () => {
    const content = document.paths['/api/games/import/read']?.post?.requestBody?.content;
    expect(content).toEqual({ 'application/octet-stream': { schema: expect.objectContaining({ type: 'string', format: 'binary' }) } });
  });
});
