import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import Negotiator from 'negotiator';

/** The content codings we send, preferred first. */
const CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CODINGS)[number];

/** A weight as RFC 9110 section 12.4.2 writes it: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The codings of ours an Accept-Encoding header accepts, most wanted first, ours breaking ties
 * (RFC 9110 section 12.5.3, by negotiator): `*` stands for every coding not named, `q=0` refuses.
 * Two things negotiator reads more loosely than the RFC are put right before it reads the header: a
 * malformed weight (q=1.5, q=1e999) refuses instead of counting as a number, and x-gzip is gzip
 * (section 8.4.1.3).
 */
export function acceptedCodings(header: string): ContentCoding[] {
  const strict = header
    .replace(/(^|,)(\s*)x-gzip(?=\s*(?:[;,]|$))/gi, '$1$2gzip')
    .replace(/;\s*q\s*=\s*([^,;]*)/gi, (param, weight: string) => (QVALUE.test(weight.trim()) ? param : ';q=0'));
  return new Negotiator({ headers: { 'accept-encoding': strict } }).encodings(CODINGS, { preferred: CODINGS });
}

/**
 * @fastify/static and @fastify/compress read `*` as `gzip`, even beside an explicit `gzip;q=0`, so a
 * header with `*` is rewritten into the plain list it means before they see it, in falling weights
 * so they take the first and, for a file without a copy in it, the next. Headers without `*` (what
 * browsers send) they read correctly and are left alone.
 */
export function normalizeAcceptEncoding(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const header = request.raw.headers['accept-encoding'];
  if (header?.includes('*')) {
    const accepted = acceptedCodings(header);
    request.raw.headers['accept-encoding'] = accepted.length ? accepted.map((coding, i) => (i === 0 ? coding : `${coding};q=${1 - i / 10}`)).join(', ') : 'identity';
  }
  done();
}
