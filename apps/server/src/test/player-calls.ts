import type { LightMyRequestResponse } from 'fastify';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { acceptedAnswers, type GameContent, textAnswerValue } from '@streethunt/shared';
import type { App } from '../services.ts';
import { nextIp } from './client-address.ts';

// A player's calls: the game as a code holder reads it, the progress calls, the live socket.

export type Call = { ip?: string; token?: string; secret?: string };

/** GET /api/games/{id} as a player (a code), the owner (a token) or a stranger; `lang`: `?lang=`. */
export function getGame(app: App, gameId: string, call: Call & { lang?: string } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/games/${gameId}${call.lang === undefined ? '' : `?lang=${encodeURIComponent(call.lang)}`}`,
    headers: { ...(call.secret !== undefined && { 'x-game-secret': call.secret }), ...(call.token && { 'x-access-token': call.token }) },
    remoteAddress: call.ip ?? nextIp(),
  });
}

export function progressCall(app: App, body: unknown, call: Call = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/game-progress', payload: body as object, remoteAddress: call.ip ?? nextIp() });
}

/** Every accepted answer of a game, as written and normalized. */
export function allAnswers(content: GameContent): string[] {
  return content.questions.flatMap((q) => [
    ...textAnswerValue(q.answer).split(',').map((a) => a.trim()).filter(Boolean),
    ...acceptedAnswers(textAnswerValue(q.answer)),
  ]);
}

/**
 * A websocket-only Socket.IO client on the app at `url`, connected; kept in `sockets` so the test's
 * afterEach can disconnect it.
 */
export async function connectSocket(url: string, sockets: ClientSocket[]): Promise<ClientSocket> {
  const socket = connectClient(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}
