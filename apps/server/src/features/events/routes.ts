import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  controlRoomReplySchema,
  createEventSchema,
  eventMessageSchema,
  eventReplySchema,
  eventTeamReplySchema,
  pushHintSchema,
  extendEventSchema,
  eventsReplySchema,
  feedItemReplySchema,
  idSchema,
  teamNameRequestSchema,
  teamReadSchema,
  teamViewReplySchema,
} from '@streethunt/shared';
import { sendSharedJson } from '../../platform/compression.ts';
import { requireUser } from '../../platform/access.ts';
import { acceptEmptyJsonBody, errorReplies, perMinute, perUserPerMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import { codeGate } from '../codes/service.ts';
import { flushPositions } from './positions.ts';
import { registerEventSockets } from './watch.ts';
import * as events from './service.ts';

const tags = ['events'];
const params = z.object({ eventId: idSchema });
/** How often the positions of events long over are deleted. */
const POSITION_SWEEP_MS = 10 * 60_000;

/** Events: the organiser's calls, the control room's socket, and the team's calls (the team's code is the key). */
export const eventsRoutes: FastifyPluginAsyncZod<{ openHint: events.OpenHint }> = async (app, { openHint }) => {
  const { services } = app;
  const codes = codeGate(services);
  registerEventSockets(services.realtime.io, { ...services, codes, log: app.log });

  const sweep = setInterval(() => {
    events.forgetOldPositions(services.db).catch((error: unknown) => app.log.error({ err: error }, 'could not delete old event positions'));
  }, POSITION_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    events.stopRankingPushes(services);
  });
  // The positions taken and not yet written are written before the database closes.
  app.addHook('onClose', async () => flushPositions(services.db, services.realtime));

  app.post(
    '/events',
    {
      config: { access: 'user', ...perUserPerMinute(20) },
      schema: {
        tags,
        summary: 'Makes an event of a published game (its creator, or an admin): one code per team, up to 1,000 teams',
        security: tokenSecurity,
        body: createEventSchema,
        response: { 200: eventReplySchema, ...errorReplies(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ({ data: await events.createEvent(services, requireUser(request), request.body) }),
  );

  app.get(
    '/events',
    {
      config: { access: 'user', private: true },
      schema: { tags, summary: 'The caller’s events, newest first', security: tokenSecurity, response: { 200: eventsReplySchema, ...errorReplies(401) } },
    },
    async (request) => ({ data: await events.listEvents(services, requireUser(request)) }),
  );

  app.get(
    '/events/:eventId',
    {
      config: { access: 'organiser', private: true },
      schema: {
        tags,
        summary: 'The control room: the event, its teams (progress, score, last position) and the newest feed lines (its organiser, or an admin)',
        security: tokenSecurity,
        params,
        response: { 200: controlRoomReplySchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => sendSharedJson(request, reply, await events.controlRoomJson(services, requireUser(request), request.params.eventId)),
  );

  app.post(
    '/events/:eventId/messages',
    {
      config: { access: 'organiser', ...perUserPerMinute(60) },
      schema: {
        tags,
        summary: 'A message to every team of the event, or to one (plain text); the phones get it at once',
        security: tokenSecurity,
        params,
        body: eventMessageSchema,
        response: { 200: feedItemReplySchema, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request) => ({ data: await events.sendMessage(services, requireUser(request), request.params.eventId, request.body) }),
  );

  app.post(
    '/events/:eventId/extend',
    {
      config: { access: 'organiser' },
      schema: {
        tags,
        summary: 'More time for every team: the end moves later by `minutes` (409 once the event was ended)',
        security: tokenSecurity,
        params,
        body: extendEventSchema,
        response: { 200: eventReplySchema, ...errorReplies(400, 401, 404, 409) },
      },
    },
    async (request) => ({ data: await events.extendEvent(services, requireUser(request), request.params.eventId, request.body.minutes) }),
  );

  app.post(
    '/events/:eventId/teams/:teamId/hint',
    {
      config: { access: 'organiser', ...perUserPerMinute(60) },
      schema: {
        tags,
        summary: 'Opens a hint for one team, as if it had opened it (it counts as an opened hint); its phones show it at once (409 before the team started, after the end, or once disqualified)',
        security: tokenSecurity,
        params: params.extend({ teamId: idSchema }),
        body: pushHintSchema,
        response: { 200: eventTeamReplySchema, ...errorReplies(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({ data: await events.pushHint(services, requireUser(request), { ...request.params, ...request.body }, openHint) }),
  );

  await app.register(emptyBodyRoutes);

  app.post(
    '/event-team',
    {
      config: { access: 'public', ...perMinute(120) },
      schema: {
        tags,
        summary: 'The event as a team sees it (its name, messages, the ranking when shown; the ranking is also pushed to the team’s phones on the socket, event:ranking); data null when the code is no event’s',
        body: teamReadSchema,
        response: { 200: teamViewReplySchema, ...errorReplies(400, 403, 429) },
      },
    },
    async (request) => {
      const code = await codes.require({ gameId: request.body.gameId, typed: request.body.secretCode, client: request.ip, grant: request.body.grant });
      return { data: await events.teamView(services, code) };
    },
  );

  app.post(
    '/event-team/name',
    {
      config: { access: 'public', ...perMinute(30) },
      schema: {
        tags,
        summary: 'The team names itself: one name per event (409 when taken); letters, digits, spaces and a few marks',
        body: teamNameRequestSchema,
        response: { 200: z.object({ data: teamViewReplySchema.shape.data.unwrap() }), ...errorReplies(400, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const code = await codes.require({ gameId: request.body.gameId, typed: request.body.secretCode, client: request.ip, grant: request.body.grant });
      return { data: await events.nameTeam(services, code, request.body.name) };
    },
  );
};

/** Ending and disqualifying take no payload; a client may still send `content-type: application/json` with nothing. */
const emptyBodyRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBody(app);
  app.post(
    '/events/:eventId/teams/:teamId/disqualify',
    {
      config: { access: 'organiser' },
      schema: {
        tags,
        summary: 'Disqualifies a team: its play stops and it leaves the ranking',
        security: tokenSecurity,
        params: params.extend({ teamId: idSchema }),
        body: z.strictObject({}).nullish(),
        response: { 200: eventTeamReplySchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => ({ data: await events.disqualifyTeam(app.services, requireUser(request), request.params.eventId, request.params.teamId) }),
  );
  app.post(
    '/events/:eventId/end',
    {
      config: { access: 'organiser' },
      schema: {
        tags,
        summary: 'Ends the event now; every team’s phone shows the final ranking',
        security: tokenSecurity,
        params,
        body: z.strictObject({}).nullish(),
        response: { 200: eventReplySchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => ({ data: await events.endEvent(app.services, requireUser(request), request.params.eventId) }),
  );
};
