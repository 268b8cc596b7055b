import {
  controlRoomReplySchema,
  eventReplySchema,
  eventTeamReplySchema,
  eventsReplySchema,
  feedItemReplySchema,
  gameReplySchema,
  purchaseEventReplySchema,
  type CreateEventRequest,
  type MyGamesReply,
} from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

const id = encodeURIComponent;

/** What the organiser sends to the teams: to all of them, or to one. */
export type EventMessage = { text: string; teamId?: string };

/** The organiser's side of live events (shapes in packages/shared/src/schemas/events.ts). */
export const eventsApi = {
  /** The caller's events, newest first. */
  list: async (signal?: AbortSignal) => (await apiRequest('/api/events', { signal, schema: eventsReplySchema })).data,

  create: async (body: CreateEventRequest) => (await apiRequest('/api/events', { method: 'POST', body, schema: eventReplySchema })).data,

  /** Buys an event: the payment page's URL, or (nothing to pay) the event made at once. */
  purchase: async (body: CreateEventRequest) => (await apiRequest('/api/events/purchase', { method: 'POST', body, schema: purchaseEventReplySchema })).data,

  /** A game as its page shows it: what an event of it costs. */
  game: (gameId: string, signal?: AbortSignal) => apiRequest(`/api/games/${id(gameId)}`, { signal, schema: gameReplySchema }),

  /** What the control room opens with; live changes follow on the socket. */
  controlRoom: async (eventId: string, signal?: AbortSignal) => (await apiRequest(`/api/events/${id(eventId)}`, { signal, schema: controlRoomReplySchema })).data,

  sendMessage: async (eventId: string, message: EventMessage) =>
    (await apiRequest(`/api/events/${id(eventId)}/messages`, { method: 'POST', body: message, schema: feedItemReplySchema })).data,

  /** Ends the event now; the teams' phones then show the final ranking. */
  end: async (eventId: string) => (await apiRequest(`/api/events/${id(eventId)}/end`, { method: 'POST', body: {}, schema: eventReplySchema })).data,

  /** More time for every team: the end moves later. */
  extend: async (eventId: string, minutes: number) =>
    (await apiRequest(`/api/events/${id(eventId)}/extend`, { method: 'POST', body: { minutes }, schema: eventReplySchema })).data,

  /** The team plays no more and leaves the ranking. */
  disqualify: async (eventId: string, teamId: string) =>
    (await apiRequest(`/api/events/${id(eventId)}/teams/${id(teamId)}/disqualify`, { method: 'POST', body: {}, schema: eventTeamReplySchema })).data,

  /** Opens a hint for one team, as if it had opened it. */
  pushHint: async (eventId: string, teamId: string, at: { questionIndex: number; hintIndex: number }) =>
    (await apiRequest(`/api/events/${id(eventId)}/teams/${id(teamId)}/hint`, { method: 'POST', body: at, schema: eventTeamReplySchema })).data,

  /** The caller's approved games: only those can be played as an event. */
  approvedGames: async (signal?: AbortSignal) =>
    (await apiRequest<MyGamesReply>('/api/games/my-games', { signal })).data.filter((game) => game.status === 'APPROVED'),
};

/** Cache keys of this feature's reads. */
export const eventsKeys = {
  list: ['events', 'list'] as const,
  approvedGames: ['events', 'approved-games'] as const,
  game: (gameId: string) => ['events', 'game', gameId] as const,
  controlRoom: (eventId: string) => ['events', 'control-room', eventId] as const,
};
