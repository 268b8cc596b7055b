import { importReadReplySchema, type GameExport, type MyActiveGamesReply, type MyFeedbacksReply, type MyGamesReply, type NewGameReply, type ProgressType, type SecretCodeReply } from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

const id = encodeURIComponent;

/** The creator's own games and reports (spec section 7; shapes in packages/shared/src/schemas/studio.ts). */
export const myGamesApi = {
  list: async (signal?: AbortSignal) => (await apiRequest<MyGamesReply>('/api/games/my-games', { signal })).data,

  /** A new empty draft; its id opens the editor. */
  create: async () => (await apiRequest<NewGameReply>('/api/games/new', { method: 'POST', body: {} })).data._id,

  /** A copy of the game as a new draft. */
  duplicate: async (gameId: string) => (await apiRequest<NewGameReply>(`/api/games/duplicate/${id(gameId)}`, { method: 'POST', body: {} })).data._id,

  /** A new code of the creator's own game, to play-test or give away. */
  secretCode: async (gameId: string) =>
    (await apiRequest<SecretCodeReply>('/api/game/secret-code', { method: 'POST', body: { gameId } })).data.game_secret,

  /** The game as our versioned export file (downloaded by the page). */
  exportGame: (gameId: string) => apiRequest<GameExport>(`/api/games/export/${id(gameId)}`),

  /** A GPX, KML, KMZ or geo-tales file read into a game (nothing saved): the game as an export file, what was read and what was not kept. */
  readOpenFormat: async (file: Blob) => (await apiRequest('/api/games/import/read', { file, schema: importReadReplySchema })).data,

  /** The game's map as GPX or KML text (downloaded by the page). */
  exportMap: (gameId: string, format: 'gpx' | 'kml') => apiRequest<string>(`/api/games/export-map/${id(gameId)}?format=${format}`),

  /** An export file's JSON, stored as a new draft; the server judges the file. */
  importGame: async (file: unknown) => (await apiRequest<NewGameReply>('/api/games/import', { method: 'POST', body: file })).data._id,

  /** One game's feedbacks (the reply groups them per game). */
  feedbacks: async (gameId: string, signal?: AbortSignal) =>
    (await apiRequest<MyFeedbacksReply>(`/api/games/my-games/feedbacks?gameId=${id(gameId)}`, { signal })).data,

  /** The plays of one game, with per-question counts. */
  activeGames: (gameId: string, progressType: ProgressType, signal?: AbortSignal) =>
    apiRequest<MyActiveGamesReply>(`/api/games/my-active-games?gameId=${id(gameId)}&progressType=${progressType}`, { signal }),
};

/** Cache keys of this feature's reads. */
export const myGamesKeys = {
  list: ['my-games', 'list'] as const,
  feedbacks: (gameId: string) => ['my-games', 'feedbacks', gameId] as const,
  activeGames: (gameId: string, progressType: ProgressType) => ['my-games', 'active-games', gameId, progressType] as const,
};
