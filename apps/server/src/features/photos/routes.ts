import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentIdSchema,
  idSchema,
  judgePhotoSchema,
  lineText,
  MAX_PHOTO_UPLOAD_BYTES,
  pendingPhotosQuerySchema,
  playGrantSchema,
  playPhotoReplySchema,
  playPhotosReplySchema,
  playPhotosRequestSchema,
  progressSchema,
  secretCodeSchema,
} from '@streethunt/shared';
import { requireUser } from '../../platform/access.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { errorReplies, multipartBody, perMinute, perUserPerMinute, takesJson, tokenSecurity } from '../../platform/route-helpers.ts';
import { codeGate } from '../codes/service.ts';
import { sniffMedia, SNIFF_BYTES } from '../media/sniff.ts';
import type { PlaysDeps } from '../plays/service.ts';
import { eventPhotos, eventPhotosZip, judgePhoto, pendingPhotos, readPhotoImage, teamPhotos, uploadPlayPhoto, type PhotosDeps } from './service.ts';

const tags = ['photos'];
const MB = 1024 * 1024;
const tooLarge = () => new AppError(413, 'payload_too_large', `A photo may be at most ${MAX_PHOTO_UPLOAD_BYTES / MB} MB`);
const notAnImage = () => new AppError(415, 'validation', 'Only a photo can be sent here (JPEG, PNG, WebP, AVIF or HEIF)');

/** The fields that come before the file, in this order or any. */
const uploadFieldsSchema = z.object({ gameId: idSchema, secretCode: secretCodeSchema, grant: playGrantSchema.optional(), questionId: contentIdSchema });
const FIELD_NAMES = new Set(Object.keys(uploadFieldsSchema.shape));

/**
 * The multipart body: the fields first, then one file, read only after the code was checked, sniffed
 * as an image by its first bytes, and cut at MAX_PHOTO_UPLOAD_BYTES.
 */
async function readUpload(request: FastifyRequest, open: (fields: z.infer<typeof uploadFieldsSchema>) => Promise<void>) {
  if (!request.isMultipart()) throw badRequest('Send the photo as multipart/form-data');
  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  let parsed: z.infer<typeof uploadFieldsSchema> | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (data || !FIELD_NAMES.has(part.fieldname) || typeof part.value !== 'string') throw badRequest('Send gameId, secretCode, questionId (and grant) before the file, and nothing else');
        fields[part.fieldname] = part.value;
        continue;
      }
      if (data) throw badRequest('Send one photo at a time');
      const read = uploadFieldsSchema.safeParse(fields);
      if (!read.success) throw badRequest('gameId, secretCode and questionId must come before the file');
      parsed = read.data;
      await open(parsed);
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of part.file) {
        length += (chunk as Buffer).byteLength;
        if (length > MAX_PHOTO_UPLOAD_BYTES) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw tooLarge();
      data = Buffer.concat(chunks);
      const type = await sniffMedia(data.subarray(0, SNIFF_BYTES));
      if (type?.resourceType !== 'image') throw notAnImage();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest('The upload is not a well-formed multipart form');
  }
  if (!data || !parsed) throw badRequest('No photo: send one image file');
  return { fields: parsed, data };
}

/** Photo tasks: the team's upload and its own photos, the judges' lists and verdicts, the signed image links, an event's zip. */
export const photosRoutes: FastifyPluginAsyncZod<{ plays: PlaysDeps }> = async (app, { plays }) => {
  const { services } = app;
  const codes = codeGate(services);
  const deps: PhotosDeps = { db: services.db, storage: services.storage, plays, jwtSecret: services.config.jwtSecret, quotaBytes: services.config.mediaQuotaBytes, log: app.log };
  await app.register(multipart, { limits: { files: 1, fields: 4, parts: 5, fieldNameSize: 20, fieldSize: 200, headerPairs: 20, fileSize: MAX_PHOTO_UPLOAD_BYTES + 1 } });

  app.post(
    '/play-photos',
    {
      bodyLimit: MAX_PHOTO_UPLOAD_BYTES + 64 * 1024,
      // Per address: a class's teams may share one school network.
      config: { access: 'public', ...perMinute(120) },
      schema: {
        tags,
        summary:
          'A team’s photo for a photo question (multipart: gameId, secretCode, questionId, grant?, then the file; at most 8 MB): stored as JPEG without metadata, the question ANSWERED; the same again changes nothing, but a photo taken again for a rejected one replaces it and waits for a verdict anew',
        consumes: ['multipart/form-data'],
        body: multipartBody({
          gameId: { type: 'string' },
          secretCode: { type: 'string' },
          questionId: { type: 'string' },
          grant: { type: 'string', description: 'optional' },
          file: { type: 'string', format: 'binary', description: 'the photo, last' },
        }),
        response: { 200: progressSchema, ...errorReplies(400, 402, 403, 404, 409, 410, 413, 415, 429) },
      },
      onError: async (_request, reply) => {
        reply.header('connection', 'close');
      },
    },
    async (request) => {
      let code: Awaited<ReturnType<typeof codes.require>> | null = null;
      const { fields, data } = await readUpload(request, async (f) => {
        code = await codes.require({ gameId: f.gameId, typed: f.secretCode, client: request.ip, grant: f.grant });
      });
      return uploadPlayPhoto(deps, code!, { questionId: fields.questionId, data });
    },
  );

  app.post(
    '/play-photos/mine',
    {
      config: { access: 'public', ...perMinute(60) },
      schema: { tags, summary: 'The team’s own photos, with links to see them (the code is the key)', consumes: takesJson, body: playPhotosRequestSchema, response: { 200: playPhotosReplySchema, ...errorReplies(400, 403, 429) } },
    },
    async (request) => {
      const code = await codes.require({ gameId: request.body.gameId, typed: request.body.secretCode, client: request.ip, grant: request.body.grant });
      return { data: await teamPhotos(deps, code) };
    },
  );

  app.get(
    '/play-photos/pending',
    {
      config: { access: 'user', private: true },
      schema: {
        tags,
        summary: 'Photos of the caller’s games, played outside events, waiting for the caller’s judgement (oldest first)',
        security: tokenSecurity,
        querystring: pendingPhotosQuerySchema,
        response: { 200: playPhotosReplySchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => ({ data: await pendingPhotos(deps, requireUser(request), request.query.gameId) }),
  );

  app.post(
    '/play-photos/:photoId/judge',
    {
      config: { access: 'user', ...perUserPerMinute(120) },
      schema: {
        tags,
        summary:
          'Accepts (with points; the question’s when none; 0 closes the task without points) or rejects a photo (the team may then take another while it plays), with a short comment for the team: in an event its organiser, else the game’s creator (or an admin)',
        security: tokenSecurity,
        params: z.object({ photoId: idSchema }),
        consumes: takesJson,
        body: judgePhotoSchema,
        response: { 200: playPhotoReplySchema, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request) => ({ data: await judgePhoto(deps, requireUser(request), request.params.photoId, request.body) }),
  );

  app.get(
    '/play-photos/:photoId/image',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A photo’s JPEG, for a link a list of photos signed for a caller allowed to see it (403 when the link is not valid or has expired)',
        params: z.object({ photoId: idSchema }),
        querystring: z.object({ expires: z.coerce.number().int(), sig: lineText().max(100) }),
      },
    },
    async (request, reply) => {
      const body = await readPhotoImage(deps, { photoId: request.params.photoId, ...request.query });
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(body);
    },
  );

  app.get(
    '/events/:eventId/photos',
    {
      config: { access: 'organiser', private: true },
      schema: {
        tags,
        summary: 'Every team’s photos of the event, oldest first, with links to see them (its organiser, or an admin)',
        security: tokenSecurity,
        params: z.object({ eventId: idSchema }),
        response: { 200: playPhotosReplySchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => ({ data: await eventPhotos(deps, requireUser(request), request.params.eventId) }),
  );

  app.get(
    '/events/:eventId/photos/zip',
    {
      config: { access: 'organiser', private: true, ...perUserPerMinute(10) },
      compress: false,
      schema: {
        tags,
        summary: 'Every photo of the event in one zip, as <team name>/<question number>-<title>.jpg, streamed (its organiser, or an admin)',
        security: tokenSecurity,
        params: z.object({ eventId: idSchema }),
      },
    },
    async (request, reply) => {
      const { name, stream } = await eventPhotosZip(deps, requireUser(request), request.params.eventId);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="photos.zip"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(stream);
    },
  );
};
