import type { EditorGame, NewGameReply } from '@streethunt/shared';
import type { TestServer } from './server.ts';
import { editableCopy, ownerGame, studioApi, type StoredSession } from './studio.ts';

// Helpers for the admin's browser tests: games brought to the approval queue through the creator's own
// calls, as the editor would (duplicate a demo game, rename it, send it to approval).

/** A copy of `fromGameId` named `name`, sent to approval by `creator`: PENDING, with its id. */
export async function pendingGameViaApi(server: TestServer, creator: StoredSession, fromGameId: string, name: string): Promise<string> {
  const copy = await studioApi<NewGameReply>(server, creator, `/api/games/duplicate/${fromGameId}`, {});
  const gameId = copy.data._id;
  const game = await ownerGame(server, creator, gameId);
  const saved = editableCopy(game);
  saved.metadata.name = name;
  await studioApi<{ data: EditorGame }>(server, creator, `/api/games/${gameId}`, { ...saved, version: game.version });
  await studioApi<{ data: EditorGame }>(server, creator, `/api/games/status/${gameId}`, { status: 'PENDING', notifyAdmin: true });
  return gameId;
}

/** The creator takes a pending game back, saves it (a new version) and sends it to approval again. */
export async function changeViaApi(server: TestServer, creator: StoredSession, gameId: string): Promise<void> {
  await studioApi<{ data: EditorGame }>(server, creator, `/api/games/status/${gameId}`, { status: 'DRAFT' });
  const game = await ownerGame(server, creator, gameId);
  await studioApi<{ data: EditorGame }>(server, creator, `/api/games/${gameId}`, { ...editableCopy(game), version: game.version });
  await studioApi<{ data: EditorGame }>(server, creator, `/api/games/status/${gameId}`, { status: 'PENDING', notifyAdmin: true });
}

/** The admin approves the game as it is stored now: the approval names the version the admin read (409 otherwise). */
export async function approveViaApi(server: TestServer, admin: StoredSession, gameId: string): Promise<EditorGame> {
  const { version } = await ownerGame(server, admin, gameId);
  const reply = await studioApi<{ data: EditorGame }>(server, admin, `/api/games/approve/${gameId}`, { version });
  return reply.data;
}

/** The names of the games GET /api/games lists to anyone (approved ones). */
export async function listedGameNames(server: TestServer): Promise<string[]> {
  const response = await fetch(`${server.url}/api/games`);
  const reply = (await response.json()) as { data: { metadata: { name: string } }[] };
  return reply.data.map((game) => game.metadata.name);
}
