import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { toEditableGame, type EditableGame, type EditorGame, type LoginReply, type StartTimeReply } from '@streethunt/shared';
import { postGameProgress } from './player.ts';
import type { TestServer } from './server.ts';

// Helpers for the creator studio's browser tests: the demo accounts, a session stored as the app
// stores it, the studio's calls made through the API as a second device would, and a PNG to upload.

/** The seeded accounts (apps/server/src/demo/demo.ts); the demo games belong to the creator. */
export const DEMO_CREATOR = { email: 'creator@streethunt.local', password: 'demo-creator-1234' } as const;
export const DEMO_ADMIN = { email: 'admin@streethunt.local', password: 'demo-admin-1234' } as const;

/** What the app keeps in localStorage 'session' (apps/web/src/api/token-store.ts). */
export type StoredSession = { accessToken: string; role: string; userId: string; isSelfPayment: boolean };

async function readJson<T>(response: globalThis.Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** POST /api/login, as the login page sends it; the session the app would store from the reply. */
export async function loginViaApi(server: TestServer, account: { email: string; password: string }): Promise<StoredSession> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const reply = await readJson<LoginReply>(response, `login as ${account.email}`);
  return { accessToken: reply.accessToken, ...reply.data };
}

/**
 * Puts `session` into the context's localStorage before the app's first start, once per context
 * (not on every load: a logout or the app's own refreshed token must stand, as they would for a user).
 */
export async function storeSession(context: BrowserContext, session: StoredSession): Promise<void> {
  await context.addInitScript((stored: string) => {
    try {
      if (window.top === window && !localStorage.getItem('e2e-session-set')) {
        localStorage.setItem('session', stored);
        localStorage.setItem('e2e-session-set', '1');
      }
    } catch {
      /* about:blank and opaque origins have no storage */
    }
  }, JSON.stringify(session));
}

/** A call to our API as the session's user (x-access-token); the parsed reply, or a thrown error naming the status. */
export async function studioApi<T>(server: TestServer, session: StoredSession | null, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(session && { 'x-access-token': session.accessToken }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readJson<T>(response, `${body === undefined ? 'GET' : 'POST'} ${path}`);
}

/** POST /api/game/secret-code: a new code of the creator's own game. */
export async function createCodeViaApi(server: TestServer, session: StoredSession, gameId: string): Promise<string> {
  const reply = await studioApi<{ data: { game_secret: string } }>(server, session, '/api/game/secret-code', { gameId });
  return reply.data.game_secret;
}

/** set-start-time with the code, as the player's 'send code' does: the play exists from now on. */
export async function startPlayViaApi(server: TestServer, gameId: string, secretCode: string): Promise<StartTimeReply> {
  const response = await postGameProgress(server, { action: 'set-start-time', gameId, secretCode });
  return readJson<StartTimeReply>(response, 'set-start-time');
}

/** A player's feedback on a play they started (POST /api/feedback/game/{gameId}, with the code). */
export async function giveFeedbackViaApi(
  server: TestServer,
  gameId: string,
  play: { secretCode: string; grant?: string },
  feedback: { general: number; questions: number; path: number; openAnswer: string; language?: 'he' | 'en' },
): Promise<void> {
  const response = await fetch(`${server.url}/api/feedback/game/${gameId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...feedback, secretCode: play.secretCode, ...(play.grant && { grant: play.grant }) }),
  });
  await readJson<unknown>(response, 'feedback');
}

/** The game as its owner reads it for editing (GET /api/games/{id} with the token): content, version. */
export function ownerGame(server: TestServer, session: StoredSession, gameId: string): Promise<EditorGame> {
  return studioApi<EditorGame>(server, session, `/api/games/${gameId}`);
}

/** The editable part of an owner's reply, as the editor's save sends it (the save schema is strict). */
export function editableCopy(game: EditorGame): EditableGame {
  return toEditableGame(game);
}

/** The page's next reply to `method path` (the path exactly, without the query). */
export function nextReply(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string | RegExp): Promise<Response> {
  return page.waitForResponse((response) => {
    const { pathname } = new URL(response.url());
    return response.request().method() === method && (typeof path === 'string' ? pathname === path : path.test(pathname));
  });
}

/**
 * A real PNG of `width` x `height` pixels of noise (so it does not compress away: an upload of a few
 * hundred kilobytes takes a moment on a throttled line, long enough to see its progress).
 */
export function noisePng(width: number, height: number, seed = 1): Buffer {
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: the same picture for the same seed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state & 0xff;
  };
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1);
    rows[start] = 0; // filter: none
    for (let x = 0; x < width * 3; x++) rows[start + 1 + x] = random();
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Slows the page's uploads to `bytesPerSecond` (Chromium's network emulation); returns the way back. */
export async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

/** A value unique to this run, for names a test looks for among others. */
export function runId(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
