// fast-check arbitraries of bad requests, built from one operation of the app's own OpenAPI document
// (GET /api/docs/json), for the fuzzer that walks every route (platform/route-fuzz.test.ts). A valid
// request comes from openapi-samples.ts's sample(); the arbitraries change one part of it, or send
// wholly generated junk, or junk headers.
import fc from 'fast-check';
import { alternatives, sample, type JsonSchema, type Operation } from './openapi-samples.ts';

/** Values by field name: the ids of real rows, a real email and password, and so on. */
export type Fill = Record<string, string>;

/** A JSON token written as it is: numbers JavaScript cannot hold (1e999, 400 digits), nesting of any depth. */
class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return this.text.length > 80 ? `raw(${this.text.slice(0, 40)}… ${this.text.length} chars)` : `raw(${this.text})`;
  }
}

/** JSON text of a value that may hold RawJson tokens and own `__proto__` keys (JSON.stringify would drop neither, but cannot write raw tokens). */
function jsonText(value: unknown): string | undefined {
  if (value instanceof RawJson) return value.text;
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => jsonText(v) ?? 'null').join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value);
  const entries = Object.keys(value).flatMap((k) => {
    const text = jsonText((value as Record<string, unknown>)[k]);
    return text === undefined ? [] : [`${JSON.stringify(k)}:${text}`];
  });
  return `{${entries.join(',')}}`;
}

/** An object with these own keys, `__proto__` included (a literal `{ __proto__: x }` would set the prototype instead). */
function ownKeys(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(object, k, { value: v, enumerable: true, writable: true, configurable: true });
  return object;
}

/** One request as sent: a failure prints it to be replayed with app.inject. */
export type FuzzRequest = {
  /** What was changed from a valid request. */
  change: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body, byte for byte (JSON text unless the content type says otherwise). */
  payload?: string;
};

export type RouteSpec = { method: string; path: string; operation: Operation };

export type FuzzContext = {
  fill: Fill;
  /** The caller's own token (none for anonymous). */
  token?: string;
  /** Tokens a caller should not get far with: another user's, expired, signed with another secret, of a user that does not exist. */
  badTokens: Record<string, string>;
  /** Valid bodies to start from, for routes whose sampled body is refused anyway (a whole game, an export file). */
  bodies?: unknown[];
  /** Headers a valid request carries beyond the documented ones. */
  headers?: Record<string, string>;
};

type Where = 'path' | 'query' | 'header';
type Draft = {
  change: string;
  params: Record<string, string>;
  /** Query pairs (a name may repeat), or a raw query string. */
  query: [string, string][] | string;
  headers: Record<string, string>;
  body?: unknown;
  /** A raw body, sent as it is (with its own content type in headers). */
  raw?: string;
  /** Path parameters written into the URL without percent-encoding. */
  rawPath?: boolean;
};

// ---------------------------------------------------------------- values

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\t\r\n',
  '\u200f\u202eשלום\u202c\u200e',
  '\u2067עברית\u2069',
  '\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀🏳️‍🌈',
  'e\u0301',
  "' OR '1'='1",
  "'; drop table users; --",
  '"\\',
  '../../../../etc/passwd',
  '%00',
  '%',
  '%zz',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '-0',
  '1.5',
  '0x1f',
  ' 1',
  '9007199254740993',
  '99999999999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2024-02-30',
  '9999-12',
  '0000-00',
];

const FILLERS = ['x', 'א', '\u200f', '😀', '\u0000', '%', ' ', '9'];

/** Strings over a field's limits: one past maxLength, and 10,001 characters (bodies: also 100,001). */
const tooLong = (s: JsonSchema, body: boolean) =>
  fc
    .constantFrom(...[...(s.maxLength !== undefined ? [s.maxLength + 1] : []), 10_001, ...(body ? [100_001] : [])])
    .chain((n) => fc.constantFrom(...FILLERS).map((c) => c.repeat(n)));

/** Bad or odd text, for a field with schema `s` (any string when none). */
function badString(s: JsonSchema = {}, body = false): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: tooLong(s, body) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(Math.max(0, (s.minLength ?? 1) - 1))) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 64 }) },
    ...(s.enum ? [{ weight: 2, arbitrary: fc.constantFrom('NOT_AN_OPTION', ...s.enum.map((e) => ` ${String(e).toUpperCase()}`)) }] : []),
  );
}

const RAW_NUMBERS = ['1e999', '-1e999', `1${'0'.repeat(400)}`, '-0', '1e-400', '123456789012345678901234567890', '0.1e1', '1E+2'];

/** Numbers out of a field's range, non-integers for integers, and numbers JavaScript cannot hold. */
function badNumber(s: JsonSchema): fc.Arbitrary<unknown> {
  const integer = [s.type].flat().includes('integer');
  const edges = [
    ...(s.minimum !== undefined ? [s.minimum - 1, s.minimum - 0.001] : []),
    ...(s.maximum !== undefined ? [s.maximum + 1, s.maximum + 0.001] : []),
    ...(integer ? [1.5] : [0.005]),
    -1,
    0,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ];
  return fc.oneof(
    fc.constantFrom(...edges),
    fc.constantFrom(...RAW_NUMBERS).map((t) => new RawJson(t)),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** Nesting far deeper than any schema: arrays or objects, 100 to 100,000 levels. */
const deepNesting = fc
  .tuple(fc.constantFrom(100, 10_000, 100_000), fc.boolean())
  .map(([depth, arrays]) => new RawJson(arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** Keys that pollute a prototype when code merges objects carelessly. */
const pollution = fc.constantFrom(
  ownKeys([['__proto__', { isAdmin: true, role: 'admin' }]]),
  ownKeys([['constructor', { prototype: { isAdmin: true } }]]),
  ownKeys([['__proto__', null]]),
  ownKeys([['prototype', 1]]),
);

/** Any JSON of the wrong shape: another type, junk structures, deep nesting, polluting keys. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, '', [], {}, [[]], [{}], { length: 1e9 }),
  fc.string({ unit: 'binary', maxLength: 32 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 5 }),
  deepNesting,
  pollution,
);

/** A bad value for a body field with schema `s`: out of its own limits, or of another type. */
function badJson(s: JsonSchema, valid: unknown): fc.Arbitrary<unknown> {
  const type = [s.type].flat()[0];
  const own: fc.Arbitrary<unknown>[] = [];
  if (type === 'string' || s.enum) own.push(badString(s, true));
  if (type === 'number' || type === 'integer') own.push(badNumber(s));
  if (type === 'array') {
    const items = Array.isArray(valid) ? valid : [];
    own.push(fc.constantFrom([], Array.from({ length: Math.max(s.maxItems ?? 0, 1000) + 1 }, () => items[0] ?? 0), [...items, ...items, null]));
  }
  if (type === 'object' && valid && typeof valid === 'object') {
    own.push(
      fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', '', 'a'.repeat(10_001)), fc.jsonValue({ maxDepth: 2 })).map(([k, v]) =>
        ownKeys([...Object.entries(valid), [k, v]]),
      ),
      fc.constant([valid]),
    );
  }
  return own.length ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...own) }, { weight: 2, arbitrary: wrongType }) : wrongType;
}

// ---------------------------------------------------------------- where a request can be changed

type Slot = { where: Where; name: string; schema: JsonSchema } | { where: 'body'; path: (string | number)[]; schema: JsonSchema };

/** Every node of `value` (sampled from `s`) with its schema: objects, arrays and leaves. */
function bodySlots(s: JsonSchema, value: unknown, path: (string | number)[] = []): Slot[] {
  const here: Slot = { where: 'body', path, schema: s };
  const alts = alternatives(s);
  if (alts?.length && s.type === undefined) return [here, ...bodySlots(alts[0], value, path).slice(1)];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const props = s.properties ?? {};
    return [here, ...Object.entries(value).flatMap(([k, v]) => bodySlots(props[k] ?? {}, v, [...path, k]))];
  }
  if (Array.isArray(value) && value.length) return [here, ...bodySlots(s.items ?? {}, value[0], [...path, 0])];
  return [here];
}

/** A copy of `value` with the node at `path` replaced (`remove`: taken out). */
function withNode(value: unknown, path: (string | number)[], replace: unknown, remove = false): unknown {
  if (path.length === 0) return replace;
  const [key, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && remove) copy.splice(Number(key), 1);
    else copy[Number(key)] = withNode(copy[Number(key)], rest, replace, remove);
    return copy;
  }
  const entries = Object.entries((value ?? {}) as object);
  if (rest.length === 0 && remove) return ownKeys(entries.filter(([k]) => k !== key));
  return ownKeys(entries.map(([k, v]) => [k, k === key ? withNode(v, rest, replace, remove) : v]));
}

// ---------------------------------------------------------------- headers

const CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'image/png',
  '',
  '*/*',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/json; =',
  'application/vnd.api+json',
  'application/jsonx',
  'x'.repeat(10_001),
];

const ACCEPT_ENCODINGS = ['gzip;q=abc', '*;q=0', 'identity;q=0', 'identity;q=0, *;q=0', 'br;q=1.5, gzip;q=-1', ',,,,', 'gzip, deflate, br, zstd', 'gzip;q=1e999', 'x'.repeat(10_001), 'br'.repeat(2000)];

/** One header changed or added: content type, token, game secret, play grant, encodings, language, length, cookie, forwarding. */
function badHeader(ctx: FuzzContext): fc.Arbitrary<[string, string | null]> {
  const tokens = Object.values(ctx.badTokens);
  const junk = badString({});
  return fc.oneof(
    fc.tuple(fc.constant('content-type'), fc.oneof(fc.constantFrom(...CONTENT_TYPES), junk)),
    fc.tuple(
      fc.constant('x-access-token'),
      fc.oneof(
        fc.constantFrom<string | null>(null, ...tokens, ...(ctx.token ? [`Bearer ${ctx.token}`, `${ctx.token}x`, ctx.token.slice(0, -2), ctx.token.split('.').slice(0, 2).join('.') + '.'] : [])),
        fc.constantFrom('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'a.b.c', '...', 'ey'),
        junk,
      ),
    ),
    fc.tuple(fc.constantFrom('x-game-secret', 'x-play-grant', 'x-reports-grant'), junk),
    fc.tuple(fc.constant('accept-encoding'), fc.oneof(fc.constantFrom(...ACCEPT_ENCODINGS), junk)),
    fc.tuple(fc.constantFrom('accept', 'accept-language'), fc.oneof(fc.constantFrom('he-IL;q=x', '*/*;q=-1', 'text/html;q=1e999'), junk)),
    fc.tuple(fc.constant('content-length'), fc.constantFrom('0', '1', '-1', '99999999999', 'abc', '1e3')),
    fc.tuple(fc.constant('content-encoding'), fc.constantFrom('gzip', 'br', 'deflate', 'x-nonsense', 'gzip, gzip')),
    fc.tuple(fc.constant('cookie'), fc.oneof(junk.map((v) => `aff=${v}`), fc.constantFrom('aff', '=;=;', `aff=${'x'.repeat(10_001)}`, 'aff=a; aff=b'))),
    fc.tuple(fc.constantFrom('x-forwarded-for', 'x-real-ip', 'forwarded'), fc.oneof(fc.constantFrom('1.2.3.4, ::1', 'unknown', '999.999.999.999'), junk)),
  );
}

// ---------------------------------------------------------------- requests

type Base = { params: Record<string, string>; query: Record<string, string>; headers: Record<string, string>; body?: unknown; bodySchema?: JsonSchema };

/** Valid requests of the operation: one per branch of a body that is a union, and one per given valid body. */
function baseRequests(operation: Operation, ctx: FuzzContext): Base[] {
  const fixed = { path: {} as Record<string, string>, query: {} as Record<string, string>, header: {} as Record<string, string> };
  for (const p of operation.parameters ?? []) {
    const value = sample(p.schema, p.name, ctx.fill);
    // An optional query filter left out is valid too; the filled ones name real rows.
    if (p.in === 'query' && ctx.fill[p.name] === undefined && !(p as { required?: boolean }).required) continue;
    fixed[p.in][p.name] = String(value);
  }
  const headers = { ...fixed.header, ...ctx.headers, ...(ctx.token && { 'x-access-token': ctx.token }) };
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const base = { params: fixed.path, query: fixed.query, headers };
  if (!schema) return [base];
  const branches = alternatives(schema)?.length && schema.type === undefined ? alternatives(schema)! : [schema];
  return [
    ...branches.flatMap((branch) => {
      const full = sample(branch, '', ctx.fill);
      // With every optional field (sampled, so often naming no real row) and without any.
      const required = requiredOnly(branch, full);
      return [full, ...(jsonText(required) === jsonText(full) ? [] : [required])].map((body) => ({ ...base, body, bodySchema: branch }));
    }),
    ...(ctx.bodies ?? []).map((body) => ({ ...base, body, bodySchema: branches[0] })),
  ];
}

/** `value` (sampled from `s`) without the properties `s` does not require, at every depth. */
function requiredOnly(s: JsonSchema, value: unknown): unknown {
  const alts = alternatives(s);
  if (alts?.length && s.type === undefined) return requiredOnly(alts[0], value);
  if (Array.isArray(value)) return value.map((v) => requiredOnly(s.items ?? {}, v));
  if (!value || typeof value !== 'object' || !s.properties) return value;
  const required = new Set(s.required ?? []);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => required.has(k))
      .map(([k, v]) => [k, requiredOnly(s.properties?.[k] ?? {}, v)]),
  );
}

const draftOf = (b: Base, change: string): Draft => ({
  change,
  params: { ...b.params },
  query: Object.entries(b.query),
  headers: { ...b.headers },
  ...(b.body !== undefined && { body: b.body }),
});

/** A valid request with one parameter or one body node changed, taken out, or (objects) given an extra key. */
function mutateOne(route: RouteSpec, b: Base): fc.Arbitrary<Draft> {
  const slots: Slot[] = [];
  for (const p of route.operation.parameters ?? []) slots.push({ where: p.in, name: p.name, schema: p.schema });
  if (b.bodySchema) slots.push(...bodySlots(b.bodySchema, b.body));
  if (slots.length === 0) return fc.constant(draftOf(b, 'nothing to change'));
  return fc.constantFrom(...slots).chain((slot): fc.Arbitrary<Draft> => {
    if (slot.where === 'body') {
      const at = `body${slot.path.map((k) => `.${k}`).join('')}`;
      const current = slot.path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], b.body);
      return fc.oneof(
        { weight: 5, arbitrary: badJson(slot.schema, current).map((v) => ({ ...draftOf(b, `${at} = ${brief(v)}`), body: withNode(b.body, slot.path, v) })) },
        { weight: slot.path.length ? 1 : 0, arbitrary: fc.constant({ ...draftOf(b, `${at} removed`), body: withNode(b.body, slot.path, undefined, true) }) },
      );
    }
    const at = `${slot.where}.${slot.name}`;
    const set = (v: string | null): Draft => {
      const d = draftOf(b, `${at} = ${v === null ? 'removed' : brief(v)}`);
      const apply = (record: Record<string, string>) => {
        if (v === null) delete record[slot.name];
        else record[slot.name] = v;
      };
      if (slot.where === 'path') d.params[slot.name] = v ?? '';
      else if (slot.where === 'header') apply(d.headers);
      else d.query = [...(d.query as [string, string][]).filter(([k]) => k !== slot.name), ...(v === null ? [] : [[slot.name, v] as [string, string]])];
      return d;
    };
    const value = b.query[slot.name] ?? b.headers[slot.name] ?? b.params[slot.name] ?? '';
    return fc.oneof(
      { weight: 5, arbitrary: badString(slot.schema).map(set) },
      { weight: 1, arbitrary: fc.constant(set(null)) },
      // A repeated query name reaches the route as an array.
      ...(slot.where === 'query'
        ? [{ weight: 1, arbitrary: fc.constant({ ...draftOf(b, `${at} repeated`), query: [...Object.entries(b.query), [slot.name, value], [slot.name, value]] as [string, string][] }) }]
        : []),
      // Written into the URL as it is, not percent-encoded.
      ...(slot.where === 'path'
        ? [{ weight: 1, arbitrary: fc.constantFrom('%', '%zz', '..', '%2e%2e%2f', 'a/b', '%2F', '%00', '%E0%A4%A', ';x=1', '~', '*').map((v) => ({ ...set(v), rawPath: true })) }]
        : []),
    );
  });
}

/** Wholly generated junk: every parameter, the query and the body made up. */
function junkRequest(route: RouteSpec, b: Base): fc.Arbitrary<Draft> {
  const params = route.operation.parameters?.filter((p) => p.in === 'path') ?? [];
  return fc
    .record({
      params: fc.tuple(...params.map(() => fc.oneof(badString({}), fc.string({ maxLength: 20 })))),
      query: fc.oneof(
        fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...(route.operation.parameters ?? []).map((p) => p.name), '__proto__', 'constructor')), badString({})), { maxLength: 4 }),
        fc.constantFrom('a=%zz&&&=&b', '__proto__[isAdmin]=1', 'constructor[prototype][isAdmin]=1', 'q[]=1&q[]=2', 'q[a]=1', '&&&', `q=${'x'.repeat(10_001)}`, '%', '=%'),
      ),
      body: fc.oneof(
        fc.constant(undefined),
        fc.anything({ maxDepth: 4, withNullPrototype: true, withBoxedValues: true, withSparseArray: true }),
        fc.jsonValue({ maxDepth: 5 }),
        wrongType,
      ),
    })
    .map(({ params: values, query, body }) => ({
      change: 'junk request',
      params: Object.fromEntries(params.map((p, i) => [p.name, values[i]])),
      query,
      headers: { ...b.headers },
      ...(body !== undefined && { body }),
      // Path parameters of junk go through percent-encoding, so the route (not the router) sees them.
    }));
}

/** A valid request with one header changed. */
function headerRequest(b: Base, ctx: FuzzContext): fc.Arbitrary<Draft> {
  return badHeader(ctx).map(([name, value]) => {
    const d = draftOf(b, `header ${name} = ${value === null ? 'removed' : brief(value)}`);
    if (value === null) delete d.headers[name];
    else d.headers[name] = value;
    return d;
  });
}

const RAW_BODIES = [
  '{',
  '{"a":',
  '"',
  'null',
  '"a string"',
  '1',
  '[]',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '{"a":NaN}',
  "{'a':1}",
  '{"a":1}garbage',
  '\u0000',
];

/** Multipart bodies (boundary x): a part whose bytes start like an image or a video and then are junk; a cut-off part; two files. */
const MULTIPART_BODIES = [
  ...['not a png', 'GIF89a\u0001\u0000junk', 'RIFF\u0010\u0000\u0000\u0000WEBPVP8 junk', '\u0000\u0000\u0000\u0018ftypmp42junk', '\u001aE\u00df\u00a3junk'].map(
    (bytes) => `--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${bytes}\r\n--x--\r\n`,
  ),
  '--x\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\n\r\nGIF89a',
  '--x\r\nContent-Disposition: form-data; name="a"; filename="a"\r\n\r\nGIF89a\r\n--x\r\nContent-Disposition: form-data; name="b"; filename="b"\r\n\r\nGIF89a\r\n--x--\r\n',
];

/** A body sent as raw bytes with some content type: broken JSON, a form, a multipart part, over the size limit. */
function rawBodyRequest(b: Base): fc.Arbitrary<Draft> {
  return fc
    .oneof(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...RAW_BODIES, ...MULTIPART_BODIES),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom(2 * 1024 * 1024).map((n) => `{"a":"${'x'.repeat(n)}"}`),
          deepNesting.map((r) => r.text),
        ),
        fc.constantFrom('application/json', 'application/json', ...CONTENT_TYPES),
      ),
      fc.tuple(fc.constantFrom(...MULTIPART_BODIES), fc.constant('multipart/form-data; boundary=x')),
    )
    .map(([raw, contentType]) => ({ ...draftOf(b, `raw body ${brief(raw)} as ${brief(contentType)}`), body: undefined, raw, headers: { ...b.headers, 'content-type': contentType } }));
}

/** Short text of a value for the case's label. */
function brief(v: unknown): string {
  const text = v instanceof RawJson ? v.toString() : typeof v === 'string' ? JSON.stringify(v) : (jsonText(v) ?? String(v));
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
}

/** Percent-encoding of the UTF-8 bytes (a lone surrogate becomes U+FFFD, as any client would send it). */
const encode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

/** The draft as an HTTP request: the path filled, the query written, the body as JSON text. */
function finish(route: RouteSpec, d: Draft): FuzzRequest {
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (d.rawPath ? (d.params[name] ?? '') : encode(d.params[name] ?? '')));
  const query = typeof d.query === 'string' ? d.query : d.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  const headers = { ...d.headers };
  let payload = d.raw;
  if (payload === undefined && d.body !== undefined) {
    payload = jsonText(d.body);
    if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  return { change: d.change, method: route.method, url: query ? `${path}?${query}` : path, headers, ...(payload !== undefined && { payload }) };
}

/**
 * Requests for one route: mostly a valid one with one thing changed, then junk, bad headers and raw
 * bodies, now and then the valid one itself (so the route's own writes happen between bad requests).
 */
export function requestArbitrary(route: RouteSpec, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const bases = baseRequests(route.operation, ctx);
  return fc
    .constantFrom(...bases)
    .chain((b) =>
      fc.oneof(
        { weight: 1, arbitrary: fc.constant(draftOf(b, 'valid')) },
        { weight: 6, arbitrary: mutateOne(route, b) },
        { weight: 2, arbitrary: junkRequest(route, b) },
        { weight: 3, arbitrary: headerRequest(b, ctx) },
        { weight: 1, arbitrary: rawBodyRequest(b) },
      ),
    )
    .map((d) => finish(route, d));
}
