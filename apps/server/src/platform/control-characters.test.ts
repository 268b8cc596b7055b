import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tables from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildCode, buildGame, buildPurchase, buildUser } from '../test/factories.ts';
import { alternatives, sample, type JsonSchema, type OpenApi, type Operation } from '../test/openapi-samples.ts';
import { nextIp } from '../test/client-address.ts';
import { tokenFor } from '../test/tokens.ts';

/** One request a route could get, with the text fields in it. */
type Base = { params: Record<string, string>; query: Record<string, string>; headers: Record<string, string>; body: unknown };
type Where = 'params' | 'query' | 'headers' | 'body';
type Field = { where: Where; path: (string | number)[] };

/** Where the free-text strings of `sample(s)` sit (enums and constants are no free text). */
function textPaths(s: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  if (s.const !== undefined || s.enum) return [];
  // `{}`: any JSON, read by the service itself (an import file), not a text field.
  if (Object.keys(s).length === 0) return [];
  const alts = alternatives(s);
  if (alts?.length) return textPaths(alts[0], path);
  const type = [s.type].flat()[0];
  if (type === 'object') return Object.entries(s.properties ?? {}).flatMap(([k, v]) => textPaths(v, [...path, k]));
  if (type === 'array') return s.items ? textPaths(s.items, [...path, 0]) : [];
  return type === 'string' || type === undefined ? [path] : [];
}

/** Every request shape of one operation (one per branch of a body that is a union), with its text fields. */
function requestsOf(operation: Operation): { base: Base; fields: Field[] }[] {
  const parameters = operation.parameters ?? [];
  const fixed = { params: {}, query: {}, headers: {} } as Record<Exclude<Where, 'body'>, Record<string, string>>;
  const fields: Field[] = [];
  for (const p of parameters) {
    const where = p.in === 'path' ? 'params' : p.in === 'query' ? 'query' : 'headers';
    fixed[where][p.name] = String(sample(p.schema, p.name));
    if (textPaths(p.schema).length) fields.push({ where, path: [p.name] });
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const branches = body ? (body.oneOf ?? body.anyOf ?? [body]) : [undefined];
  return branches.map((branch) => ({
    base: { ...fixed, body: branch ? sample(branch, '') : undefined },
    fields: [...fields, ...(branch ? textPaths(branch).map((path) => ({ where: 'body' as const, path })) : [])],
  }));
}

/** A copy of `value` with the string at `path` changed. */
function withString(value: unknown, path: (string | number)[], change: (s: string) => string): unknown {
  if (path.length === 0) return change(String(value));
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[key] = withString(copy[key], rest, change);
  return copy;
}

/** The characters probed: NUL (which PostgreSQL refuses in text), another C0 control, DEL. */
const CONTROLS = [
  ['NUL', '\u0000'],
  ['U+0001', '\u0001'],
  ['DEL', '\u007f'],
] as const;

describe('control characters in any text field of any route', () => {
  let t: TestApp;
  /** Several admins, taken in turn: per-user rate limits (60 saves a minute) must not answer before validation does. */
  const adminTokens: string[] = [];
  let sent = 0;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await buildTestApp();
    // Something to change, so that "changes nothing" is not about an empty database.
    const admin = await buildUser(t.db, { role: 'admin' });
    const game = await buildGame(t.db, { userId: admin.id });
    await buildCode(t.db, { gameId: game.id });
    await buildPurchase(t.db, { gameId: game.id });
    // Admin passes every access rule, so each request reaches validation.
    adminTokens.push(await tokenFor(t.app, admin));
    for (let i = 0; i < 7; i++) adminTokens.push(await tokenFor(t.app, await buildUser(t.db, { role: 'admin' })));
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  // HEAD replies carry no body to read the refusal from; its GET twin is probed.
  const operations = () =>
    Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.entries(ops)
        .filter(([method]) => method !== 'head')
        .map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
    );

  /** Every row of every table, to compare before and after. */
  const snapshot = async () => {
    const rows: Record<string, unknown[]> = {};
    for (const [name, table] of Object.entries(tables)) if (is(table, PgTable)) rows[name] = await t.db.select().from(table);
    return JSON.stringify(rows);
  };

  const send = (method: string, url: string, request: Base) => {
    const path = url.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(request.params[name] ?? ''));
    return t.app.inject({
      method: method as 'GET',
      url: path,
      query: request.query,
      headers: { ...request.headers, 'x-access-token': adminTokens[sent++ % adminTokens.length]! },
      remoteAddress: nextIp(),
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });
  };

  it('the OpenAPI document lists every API route, so the table below covers each', () => {
    const documented = new Set(operations().map((o) => `${o.method} ${o.url}`));
    for (const route of t.app.routeAccess) expect(documented).toContain(`${route.method} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`);
  });

  it('refuses each with 400 validation naming the field, and changes nothing', async () => {
    const before = await snapshot();
    const mailsBefore = (await t.readOutbox()).length;
    const probed: string[] = [];
    for (const { method, url, operation } of operations()) {
      for (const { base, fields } of requestsOf(operation)) {
        for (const field of fields) {
          for (const [label, control] of CONTROLS) {
            const request: Base =
              field.where === 'body'
                ? { ...base, body: withString(base.body, field.path, (s) => `${s.slice(0, 1)}${control}${s.slice(1)}`) }
                : { ...base, [field.where]: { ...base[field.where], [field.path[0]]: `${base[field.where][field.path[0]].slice(0, 1)}${control}` } };
            const res = await send(method, url, request);
            const reply = res.json() as { code?: string; issues?: { path: string; message: string }[] };
            const where = `${method} ${url} ${field.where}.${field.path.join('.')} with ${label}`;
            probed.push(where);
            // The field itself is refused for its control character (not some other field for something else).
            const refused = (reply.issues ?? []).some((i) => i.path === field.path.join('.') && i.message.includes('control characters'));
            expect({ where, status: res.statusCode, code: reply.code, refused }).toEqual({ where, status: 400, code: 'validation', refused: true });
          }
        }
      }
    }
    // The walk found the fields that used to reach the database: names, codes, messages, header and path.
    for (const expected of [
      'POST /api/signup body.firstName',
      'POST /api/user/payment-details body.accountNumber',
      'POST /api/game-progress body.secretCode',
      'POST /api/game-progress body.answer',
      'POST /api/game/report body.message',
      'POST /api/feedback/game/{gameId} body.openAnswer',
      'POST /api/feedback/game/{gameId} params.gameId',
      'GET /api/games/{gameId} headers.x-game-secret',
      'GET /api/games query.user',
      'GET /media/{*} params.*',
    ])
      expect(probed).toContain(`${expected} with NUL`);
    expect(await snapshot()).toBe(before);
    expect((await t.readOutbox()).length).toBe(mailsBefore);
  });

  it('keeps tab and line breaks in multi-line text and Hebrew marks anywhere', async () => {
    const admin = await buildUser(t.db, { role: 'admin' });
    const token = await tokenFor(t.app, admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: { 'x-access-token': token },
      remoteAddress: nextIp(),
      payload: { firstName: '\u200fנועה\u200e', lastName: 'Levi\u2067x\u2069', phone: '050-1234567' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ firstName: '\u200fנועה\u200e', lastName: 'Levi\u2067x\u2069' });
    const game = await buildGame(t.db);
    const code = await buildCode(t.db, { gameId: game.id });
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/game/report',
      remoteAddress: nextIp(),
      payload: { gameId: game.id, gameSecret: code.code, questionId: 1, message: 'The sign\tis gone\r\nsince May' },
    });
    expect(report.statusCode).toBe(200);
  });

  it('the sandbox payment page (outside the API document) refuses them in its form too', async () => {
    const game = await buildGame(t.db);
    const purchase = await buildPurchase(t.db, { gameId: game.id, status: 'pending' });
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/${purchase.providerRef}`,
      remoteAddress: nextIp(),
      payload: { cardNumber: '4242\u00004242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});
