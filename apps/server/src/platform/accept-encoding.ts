import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** The content codings we send, preferred first. */
const CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CODINGS)[number];

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The codings of ours an Accept-Encoding header accepts, most wanted first (RFC 9110 section 12.5.3):
 * `*` stands for every coding not named, `q=0` refuses, and a malformed weight counts as a refusal.
 */
export function acceptedCodings(header: string): Array<{ coding: ContentCoding; q: number }> {
  const named = new Map<string, number>();
  let anyOther = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim());
    if (!token) continue;
    let q = 1;
    for (const param of params) {
      const [name, value = ''] = param.split('=').map((s) => s.trim());
      if (name === 'q') q = QVALUE.test(value) ? Number(value) : 0;
    }
    const coding = token === 'x-gzip' ? 'gzip' : token;
    if (coding === '*') anyOther = q;
    else named.set(coding, Math.max(q, named.get(coding) ?? 0));
  }
  return CODINGS.map((coding) => ({ coding, q: named.get(coding) ?? anyOther }))
    .filter((c) => c.q > 0)
    .sort((a, b) => b.q - a.q);
}

/**
 * @fastify/static and @fastify/compress read `*` as `gzip`, even beside an explicit `gzip;q=0`, so a
 * header with `*` is rewritten into the plain list it means before they see it. Headers without `*`
 * (what browsers send) they read correctly and are left alone.
 */
export function normalizeAcceptEncoding(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const header = request.raw.headers['accept-encoding'];
  if (header?.includes('*')) {
    const accepted = acceptedCodings(header);
    request.raw.headers['accept-encoding'] = accepted.length ? accepted.map(({ coding, q }) => (q === 1 ? coding : `${coding};q=${q}`)).join(', ') : 'identity';
  }
  done();
}
