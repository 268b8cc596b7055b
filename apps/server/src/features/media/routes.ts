import multipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_VIDEO_UPLOAD_BYTES,
  mediaDeleteReplySchema,
  mediaFileParamsSchema,
  mediaIdParamsSchema,
  mediaFileQuerySchema,
  mediaListReplySchema,
  mediaTypeParamsSchema,
  mediaUploadReplySchema,
} from '@streethunt/shared';
import { requireUser } from '../../platform/access.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { PLAY_PHOTOS_FOLDER } from '../photos/service.ts';
import { errorReplies, multipartBody, perUserPerMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import { parseByteRange } from './byte-range.ts';
import { deleteMedia, listMedia } from './list.ts';
import { findVideoFile, isStreamedKey, readMediaFile, readVideoFile, storedImageKey } from './service.ts';
import { tooLarge, uploadMedia, usedBytes, type UploadPart } from './upload.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A key that does not name its content may be stored again: ask each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

/** Whether an If-None-Match header names this validator (a list, `*`, weak or strong). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * GET /media/{key}[?w=320|480|640|960|1280]: stored media, public. Outside /api: these are files
 * for `<img>` and `<video>`, and the spec's `/api/media/{image or video}` is the creator's library
 * listing. With `w`, an image as WebP at most that wide (see features/media/service.ts). Videos are
 * sent as stored, in byte ranges when asked (phones' players seek that way). HEAD is routed here
 * too, so a video's HEAD states its length without reading the file. Where the storage has a public
 * address (S3_PUBLIC_URL), the reply is a redirect there instead: for good (301, cached for a year)
 * when the key names its content, else for now (302).
 */
export const mediaFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.services;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    config: { access: 'public' },
    schema: {
      tags: ['media'],
      summary: 'A stored image, video or recording; for an image, w (320, 480, 640, 960 or 1280) gives a WebP at most that wide; videos and recordings answer Range requests',
      params: mediaFileParamsSchema,
      querystring: mediaFileQuerySchema,
      // Replies are file bytes (200, 206), 304, or { message, code } with 400 (bad key or width), 404 and 416.
    },
    handler: async (request, reply) => {
      const key = request.params['*'];
      // Teams' photos are private: only their signed links serve them (features/photos).
      if (key.startsWith(`${PLAY_PHOTOS_FOLDER}/`)) throw notFound('No image under this key');
      if (isStreamedKey(key)) {
        if (request.query.w !== undefined) throw badRequest('w applies to images only');
        if (storage.publicUrl) return redirect(reply, storage.publicUrl(key), (await findVideoFile({ storage }, key)).immutable);
        return sendVideo(request, reply, key);
      }
      if (storage.publicUrl) {
        const stored = await storedImageKey({ storage }, { key, width: request.query.w });
        return redirect(reply, storage.publicUrl(stored.key), stored.immutable);
      }
      const file = await readMediaFile({ storage }, { key, width: request.query.w });
      reply
        .header('cache-control', file.immutable ? IMMUTABLE : REVALIDATE)
        .header('etag', file.etag);
      if (matches(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
      return reply.type(file.contentType).send(file.body);
    },
  });

  function redirect(reply: FastifyReply, location: string, immutable: boolean) {
    return reply
      .status(immutable ? 301 : 302)
      .header('location', location)
      .header('cache-control', immutable ? IMMUTABLE : REVALIDATE)
      .send();
  }

  async function sendVideo(request: FastifyRequest, reply: FastifyReply, key: string) {
    const video = await findVideoFile({ storage }, key);
    reply.header('accept-ranges', 'bytes').header('cache-control', video.immutable ? IMMUTABLE : REVALIDATE).header('etag', video.etag);
    if (matches(request.headers['if-none-match'], video.etag)) return reply.status(304).send();
    // If-Range: a range of a file that has changed since the client's copy would not fit it; send it whole.
    const ifRange = request.headers['if-range'];
    const range = ifRange !== undefined && ifRange !== video.etag ? null : parseByteRange(request.headers.range, video.bytes);
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${video.bytes}`)
        .header('cache-control', 'no-store')
        .send({ message: `The range asked for is outside the file (${video.bytes} bytes)`, code: 'validation' });
    }
    reply.type(video.contentType).header('content-length', String(range ? range.end - range.start + 1 : video.bytes));
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${video.bytes}`);
    if (request.method === 'HEAD') return reply.send();
    return reply.send(await readVideoFile({ storage }, key, range ?? undefined));
  }
};

/**
 * The whole body of an upload may be this much: the largest file plus room for the multipart
 * framing (boundaries, part headers). A longer declared Content-Length is refused before reading.
 */
const MAX_UPLOAD_BODY_BYTES = MAX_VIDEO_UPLOAD_BYTES + 64 * 1024;

/**
 * The parser's own limits, behind the upload service's: it looks at two files and one field at most
 * (to refuse them by name), and never lets a file run far past the video cap. The service counts
 * the bytes it reads and refuses first, exactly at the cap; this is the backstop.
 */
const MULTIPART_LIMITS = { files: 2, fields: 1, parts: 3, fieldNameSize: 100, fieldSize: 1024, headerPairs: 20, fileSize: MAX_VIDEO_UPLOAD_BYTES + 1024 * 1024 };

/** An error raised while parsing the body, as the `{ message, code }` the client gets. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('upload');
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest('Send one file, as multipart/form-data, and no other field');
  // Anything else here is the parser's own (no boundary, a part cut short): the body is malformed.
  return badRequest('The upload is not a well-formed multipart form');
}

/** The body's parts, in the upload service's terms; parsing errors become 4xx replies. */
async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw badRequest('Send one file, as multipart/form-data');
  try {
    for await (const part of request.parts()) {
      // The file's name and declared type are not passed on: the content alone says what it is.
      yield part.type === 'file' ? { kind: 'file', data: fileBytes(part.file) } : { kind: 'field', name: part.fieldname };
    }
  } catch (error) {
    throw uploadError(error);
  }
}

async function* fileBytes(file: Readable & { truncated?: boolean }): AsyncGenerator<Uint8Array> {
  // The parser stops passing bytes on at its limit but would read the rest of the body to its end:
  // ending the file here makes it stop reading instead.
  file.once('limit', () => file.destroy(tooLarge('upload')));
  try {
    for await (const chunk of file) yield chunk as Uint8Array;
  } catch (error) {
    throw uploadError(error);
  }
  if (file.truncated) throw tooLarge('upload');
}

/**
 * GET /api/media/{image|video|audio} and POST /api/media/upload/ (spec section 7), and DELETE
 * /api/media/{mediaId} (beyond the spec: an upload no game uses), in the /api scope.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.services;
  const quotaBytes = app.services.config.mediaQuotaBytes;
  // Multipart parsing only in this plugin's scope: no other route takes multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.get(
    '/media/:type',
    {
      config: { access: 'user' },
      schema: {
        tags: ['media'],
        summary: 'The caller’s uploaded images, videos or recordings (audio), newest first, with what all their uploads take of their quota (data.usage, bytes) (access: user)',
        security: tokenSecurity,
        params: mediaTypeParamsSchema,
        response: { 200: mediaListReplySchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      const [resources, used] = await Promise.all([listMedia({ db }, { userId, type: request.params.type }), usedBytes(db, userId)]);
      return { data: { resources, usage: { usedBytes: used, quotaBytes } } };
    },
  );

  app.delete(
    '/media/:mediaId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['media'],
        summary: 'Delete one of the caller’s uploads that no game uses (409 conflict when one does); its file is removed and its bytes freed from the quota (access: user)',
        security: tokenSecurity,
        params: mediaIdParamsSchema,
        response: { 200: mediaDeleteReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      await deleteMedia({ db, storage }, { userId, mediaId: request.params.mediaId });
      return { data: { deleted: true as const } };
    },
  );

  // Counted per user (the access hook has read the token by now); a caller without one per address.
  const uploadLimit = perUserPerMinute(30).rateLimit;
  app.post(
    '/media/upload/',
    {
      config: { access: 'user', rateLimit: uploadLimit },
      schema: {
        tags: ['media'],
        summary:
          'Upload one image (at most 10 MB; stored as WebP without EXIF), video (MP4, WebM, QuickTime with a video track a parser reads, else 400 bad_video; at most 100 MB) or recording (MP3, M4A with audio alone, Ogg Vorbis or Opus, else 400 bad_audio; at most 20 MB and 10 minutes, else 400 too_long) as multipart/form-data, within the user’s storage quota (MEDIA_QUOTA_BYTES, 413 quota past it) (access: user)',
        security: tokenSecurity,
        consumes: ['multipart/form-data'],
        body: multipartBody({ file: { type: 'string', format: 'binary', description: 'one image, video or recording' } }),
        response: { 200: mediaUploadReplySchema, ...errorReplies(400, 401, 413, 415, 429) },
      },
      // After the access check (a 401 comes first), before a byte of the body is read.
      preValidation: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_BODY_BYTES) throw tooLarge('upload');
      },
      // A refused upload may leave the rest of its body unread: close the connection rather than read it to reuse it.
      onError: async (_request, reply) => {
        reply.header('connection', 'close');
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return { data: await uploadMedia({ db, storage, quotaBytes }, { userId, parts: uploadParts(request) }) };
    },
  );
};
