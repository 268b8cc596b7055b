import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedCodings, normalizeAcceptEncoding, type ContentCoding } from './accept-encoding.ts';

/** Below this, compressing costs more time than the bytes it saves. */
const THRESHOLD = 1024;
/** @fastify/compress's defaults: brotli quality 4 (11 is many times slower for little), gzip level 6. */
const compressText: Record<ContentCoding, (text: string) => Buffer> = {
  br: (text) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
  gzip: (text) => gzipSync(text),
};

/**
 * Replies of the routes registered after this plugin, in its scope, leave brotli- or gzip-compressed
 * when the client accepts it and they are 1 KB or more; smaller ones leave as they are. Registered in
 * the /api scope: the web app's files are compressed at build time.
 */
export const replyCompression = fp(
  async (app) => {
    app.addHook('onRequest', normalizeAcceptEncoding);
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: THRESHOLD,
      // Our clients never send compressed bodies; decompressing them would only open the door to zip bombs.
      globalDecompression: false,
    });
  },
  { name: 'reply-compression' },
);

const sharedForms = new WeakMap<object, Map<ContentCoding, Buffer>>();

/**
 * Sends JSON text that many requests share (one `prepared` object per version of it), compressed once
 * per coding and kept beside that object, rather than on every request as @fastify/compress would
 * (which leaves a reply that already has a content-encoding alone).
 */
export function sendSharedJson(request: FastifyRequest, reply: FastifyReply, prepared: { json: string }): FastifyReply {
  reply.type('application/json; charset=utf-8');
  // Characters, not bytes: at most a little conservative.
  if (prepared.json.length < THRESHOLD) return reply.send(prepared.json);
  const varyOn = reply.getHeader('vary');
  reply.header('vary', varyOn ? `${String(varyOn)}, accept-encoding` : 'accept-encoding');
  const header = request.headers['accept-encoding'];
  const coding = header ? acceptedCodings(header)[0] : undefined;
  if (!coding) return reply.send(prepared.json);
  let forms = sharedForms.get(prepared);
  if (!forms) sharedForms.set(prepared, (forms = new Map()));
  let body = forms.get(coding);
  if (!body) forms.set(coding, (body = compressText[coding](prepared.json)));
  return reply.header('content-encoding', coding).send(body);
}
