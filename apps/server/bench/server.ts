/**
 * The servers `npm run bench` measures, in a process of their own (bench/run.ts forks it and drives
 * it over IPC), so the load generator and the 1,000 socket clients do not share their event loop.
 *
 * - the app (as in production: rate limits on) on an embedded in-memory database with the demo seed, plus a play
 *   game with BENCH_PLAYS codes for the socket run;
 * - on request, a bare Fastify server whose routes return given bytes (body only, and body with our
 *   response headers).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { gameCodes } from '../src/db/schema.ts';
import { readDemoGames, seedDemo } from '../src/demo/demo.ts';
import { createGameCodes } from '../src/features/codes/service.ts';
import { createOutboxMailer } from '../src/platform/mail/create-mailer.ts';
import { createStorage } from '../src/platform/storage/create-storage.ts';
import { buildCode, buildGame, buildUser, completeTranslation, gameContent } from '../src/test/factories.ts';
import type { Db } from '../src/db/client.ts';
import type { App } from '../src/services.ts';

/**
 * A bare route: the body (with its content type) our route returns, and its other response headers;
 * `encoding` when ours sent the body compressed (the bare routes send it compressed the same way).
 */
export type BareRoute = { method: 'GET' | 'POST'; path: string; contentType: string; body: string; headers: Record<string, string>; encoding?: 'br' | 'gzip' };

/** Where the bare server also serves each route with our route's response headers: the very same bytes on the wire. */
export const SAME_BYTES_PREFIX = '/same-bytes';

export type ToServer = { type: 'bare'; routes: BareRoute[] } | { type: 'stop' };

export type FromServer =
  | {
      type: 'ready';
      appUrl: string;
      /** A seeded demo game and its code. */
      demo: { gameId: string; code: string };
      /** A game in two languages (Hebrew, wholly translated into English) and its code. */
      bilingual: { gameId: string; code: string };
      /** The socket run's game: how many hints each question has, and one code per play. */
      live: { gameId: string; hintsPerQuestion: number[]; codes: string[] };
      /** With BENCH_ATTACKERS: each attacker's session, a draft of theirs, and a game of theirs stored with 100 questions of 666 answers. */
      attackers: { token: string; draftId: string; heavyGameId: string }[];
    }
  | { type: 'bare-ready'; url: string }
  | { type: 'error'; message: string };

const send = (message: FromServer) => process.send?.(message);

async function main() {
  const plays = Number(process.env.BENCH_PLAYS ?? 250);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-bench-'));
  // Behind a trusted proxy: the load generator gives each request its own X-Forwarded-For address.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0', TRUST_PROXY: '1' });
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemo(database.db, createStorage(config));
  const [demo] = await readDemoGames(database.db);

  // Enough questions and hints that every update in the socket run really changes the play.
  const base = gameContent();
  const questions = Array.from({ length: 12 }, (_, i) => ({ ...base.questions[i % base.questions.length], hints: Array.from({ length: 4 }, (_, h) => ({ content: `<p>Hint ${h + 1}</p>` })) }));
  const liveGame = await buildGame(database.db, { content: { questions } });
  await createGameCodes(database.db, { gameId: liveGame.id, count: plays, source: 'admin' });
  const codes = (await database.db.select({ code: gameCodes.code }).from(gameCodes).where(eq(gameCodes.gameId, liveGame.id))).map((c) => c.code);

  const hebrew = gameContent();
  const bilingual = await buildGame(database.db, { content: { ...hebrew, translations: { en: completeTranslation(hebrew, 'en') } } });
  const bilingualCode = await buildCode(database.db, { gameId: bilingual.id });

  const app = await buildApp({ config, database, mailer: createOutboxMailer(config.mail.from, dataDir), webDist: null, logger: false });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const attackers = await makeAttackers(database.db, app, Number(process.env.BENCH_ATTACKERS ?? 0));
  let bare: FastifyInstance | null = null;

  process.on('message', async (message: ToServer) => {
    try {
      if (message.type === 'bare') {
        await bare?.close();
        bare = Fastify({ logger: false });
        for (const route of message.routes) {
          // Compressed once here, as @fastify/compress does (brotli quality 4, gzip level 6): the bytes on the wire match.
          const body = route.encoding === 'br' ? brotliCompressSync(route.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : route.encoding === 'gzip' ? gzipSync(route.body) : route.body;
          const bodyHeaders = route.encoding ? { 'content-encoding': route.encoding } : {};
          // A case's query (`?lang=en`) is not part of the route: the bare server answers its path.
          bare.route({ method: route.method, url: route.path.split('?')[0]!, handler: (_request, reply) => reply.headers(bodyHeaders).type(route.contentType).send(body) });
          bare.route({
            method: route.method,
            url: `${SAME_BYTES_PREFIX}${route.path.split('?')[0]}`,
            handler: (_request, reply) => reply.headers(route.headers).type(route.contentType).send(body),
          });
        }
        send({ type: 'bare-ready', url: await bare.listen({ port: 0, host: '127.0.0.1' }) });
      } else if (message.type === 'stop') {
        await bare?.close();
        await app.close();
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
        process.exit(0);
      }
    } catch (error) {
      send({ type: 'error', message: String((error as Error).stack ?? error) });
    }
  });

  send({
    type: 'ready',
    appUrl,
    demo: { gameId: demo.id, code: demo.code },
    bilingual: { gameId: bilingual.id, code: bilingualCode.code },
    live: { gameId: liveGame.id, hintsPerQuestion: questions.map((q) => q.hints.length), codes },
    attackers,
  });
}

/** Accounts for bench/attack.ts, each with a draft to save over and a game whose answers are costly to hash (stored as before answers were capped). */
async function makeAttackers(db: Db, app: App, count: number) {
  const base = gameContent();
  const answers = Array.from({ length: 666 }, (_, i) => i.toString(36).padStart(2, '0')).join(',');
  const heavyQuestions = Array.from({ length: 100 }, () => ({ ...base.questions[0], answer: { ...base.questions[0].answer, kind: 'text' as const, value: answers } }));
  return Promise.all(
    Array.from({ length: count }, async () => {
      const user = await buildUser(db);
      const draft = await buildGame(db, { userId: user.id, status: 'DRAFT', approvedAt: null });
      const heavy = await buildGame(db, { userId: user.id, content: { questions: heavyQuestions } });
      return { token: await app.services.signer.sign({ userId: user.id, role: user.role }), draftId: draft.id, heavyGameId: heavy.id };
    }),
  );
}

// The parent going away ends this process too.
process.on('disconnect', () => process.exit(0));

main().catch((error: unknown) => {
  send({ type: 'error', message: String((error as Error).stack ?? error) });
  process.exit(1);
});
