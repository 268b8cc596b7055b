import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeScore, type Progress } from '@streethunt/shared';
import { demoGames } from '../demo/demo-games.ts';
import { readGameContent } from './game-rows.ts';
import { progressOf } from '../features/plays/play-context.ts';
import { questionStats } from '../features/my-games/question-stats.ts';
import { listActivePlays } from '../features/my-games/service.ts';
import { migrationsFolder, openDatabase, type Database } from './client.ts';
import { gameCodes, games, plays } from './schema.ts';
import { createScratchDatabase, testDatabaseKinds } from './test-database.ts';

/** The last migration before questions had ids and plays kept their states by id. */
const BEFORE_IDS = 11;

/** A folder of the migrations up to and including `last` (the journal cut to match). */
async function migrationsUpTo(last: number): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx <= last) }));
  return folder;
}

type OldState = { status: string | null; hints: Array<{ isOpen: boolean }>; solution?: string };

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('the migrations that give questions ids, keep plays by id and on their version, on %s', (kind) => {
  let database: Database;
  let dropScratch: (() => Promise<void>) | undefined;
  let before: string;
  const now = new Date();
  const startTime = new Date(now.getTime() - 47 * MINUTE);
  const endTime = new Date(now.getTime() - 5 * MINUTE);
  // The demo's first game as stored before ids (its three questions have 2, 2 and 1 hints or so).
  const demo = demoGames[0]!;
  const oldQuestions = demo.content.questions.map(({ id: _id, hints, ...question }) => ({ ...question, hints: hints.map(({ id: _hintId, ...hint }) => hint) }));
  const hintCounts = oldQuestions.map((q) => q.hints.length);
  const blank = (qi: number): OldState => ({ status: null, hints: Array.from({ length: hintCounts[qi]! }, () => ({ isOpen: false })) });
  // Plays as the server stored them by position: finished (a question skipped with its solution shown,
  // a hint open), under way, barely begun, and one stored before the game gained its last question.
  const oldPlays: Record<string, { questions: OldState[]; endTime: Date | null }> = {
    finished: {
      endTime,
      questions: oldQuestions.map((_, qi) => {
        if (qi === 1) return { ...blank(qi), status: 'SKIPPED', solution: 'הלנה רובינשטיין' };
        const state = { ...blank(qi), status: 'DONE' };
        if (qi === 0) state.hints = state.hints.map((hint, hi) => ({ isOpen: hi === 0 || hint.isOpen }));
        return state;
      }),
    },
    underway: {
      endTime: null,
      questions: oldQuestions.map((_, qi) => (qi === 0 ? { ...blank(qi), status: 'DONE' } : qi === 1 ? { ...blank(qi), status: 'STARTED', hints: blank(qi).hints.map(() => ({ isOpen: true })) } : blank(qi))),
    },
    begun: { endTime: null, questions: [] },
    shorter: { endTime: null, questions: [{ ...blank(0), status: 'ANSWERED' }] },
  };

  beforeAll(async () => {
    if (kind === 'pglite') database = await openDatabase({ kind: 'pglite' });
    else {
      const scratch = await createScratchDatabase();
      dropScratch = scratch.drop;
      database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    }
    before = await migrationsUpTo(BEFORE_IDS);
    // The schema as it was; drizzle's types are the app's, not those of an older schema.
    const migrateBefore = (kind === 'pglite' ? migratePglite : migratePg) as (db: unknown, config: { migrationsFolder: string }) => Promise<void>;
    await migrateBefore(database.db, { migrationsFolder: before });

    const sql = (text: string, values: unknown[]) => database.executeSql(text, values);
    await sql(`INSERT INTO users (id, first_name, last_name, email, password_hash, phone, affiliate_code) VALUES ('u1', 'Dana', 'Levi', 'dana@example.com', 'x', '0500000000', 'dana1')`, []);
    await sql(`INSERT INTO users (id, first_name, last_name, email, password_hash, phone, affiliate_code, role) VALUES ('admin', 'Ad', 'Min', 'admin@example.com', 'x', '0500000001', 'admin1', 'admin')`, []);
    await sql(
      `INSERT INTO games (id, user_id, status, metadata, intro_page, questions, gameover_page, approved_at) VALUES ($1, 'u1', 'APPROVED', $2, $3, $4, $5, now())`,
      [demo.id, JSON.stringify(demo.content.metadata), JSON.stringify(demo.content.introPage), JSON.stringify(oldQuestions), JSON.stringify(demo.content.gameoverPage)],
    );
    // A game whose questions were stored as something else entirely: it migrates and still reads.
    await sql(`INSERT INTO games (id, user_id, status, questions) VALUES ('broken', 'u1', 'DRAFT', '{"not": "a list"}'::jsonb)`, []);
    let n = 0;
    for (const [name, play] of Object.entries(oldPlays)) {
      n += 1;
      await sql(`INSERT INTO game_codes (id, code, game_id, source) VALUES ($1, $2, $3, 'admin')`, [`code-${name}`, `CODE${n}`, demo.id]);
      await sql(`INSERT INTO plays (id, game_id, code_id, start_time, end_time, questions) VALUES ($1, $2, $3, $4, $5, $6)`, [
        `play-${name}`,
        demo.id,
        `code-${name}`,
        startTime.toISOString(),
        play.endTime?.toISOString() ?? null,
        JSON.stringify(play.questions),
      ]);
    }
    await sql(`INSERT INTO feedbacks (id, game_id, play_id, general, questions, path, open_answer) VALUES ('f1', $1, 'play-finished', 5, 4, 3, 'יופי')`, [demo.id]);

    await database.migrate();
  });

  afterAll(async () => {
    await database.close();
    await dropScratch?.();
    await rm(before, { recursive: true, force: true });
  });

  /** A play's progress as the server read it before: the stored list fitted to the game by position. */
  const expected = (name: string): Progress['questions'] =>
    oldQuestions.map((_, qi) => {
      const state = oldPlays[name]!.questions[qi] ?? blank(qi);
      return { status: state.status as Progress['questions'][number]['status'], hints: state.hints, ...(state.solution !== undefined && { solution: state.solution }) };
    });

  it('gives every question and hint of every game an id of its own, and changes nothing else in the content', async () => {
    const [row] = await database.db.select().from(games).where(eq(games.id, demo.id));
    const questions = row!.questions as typeof demo.content.questions;
    const ids = questions.flatMap((q) => [q.id, ...q.hints.map((h) => h.id)]);
    expect(ids.every((id) => /^[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const withoutIds = questions.map(({ id: _id, hints, ...q }) => ({ ...q, hints: hints.map(({ id: _hintId, ...h }) => h) }));
    expect(withoutIds).toEqual(oldQuestions);
    expect(readGameContent(row!).questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
  });

  it('moves every play onto the ids: each question, hint, solution and score reads as before', async () => {
    const [row] = await database.db.select().from(games).where(eq(games.id, demo.id));
    const content = readGameContent(row!);
    const rows = await database.db.select({ play: plays, code: gameCodes }).from(plays).innerJoin(gameCodes, eq(gameCodes.id, plays.codeId));
    expect(rows).toHaveLength(Object.keys(oldPlays).length);
    for (const { play, code } of rows) {
      const name = play.id.replace('play-', '');
      // On the game's version as it was: the next save keeps it for them.
      expect(play.gameVersion).toBe(row!.version);
      const progress = progressOf({ game: row!, content, code }, play, now);
      expect(progress.questions, name).toEqual(expected(name));
      expect(progress.score, name).toBe(computeScore({ startTime, endTime: oldPlays[name]!.endTime, questions: expected(name) }, now));
    }
    const finished = rows.find((r) => r.play.id === 'play-finished')!.play;
    expect(finished.states).toEqual({
      [content.questions[0]!.id]: { status: 'DONE', openHints: [content.questions[0]!.hints[0]!.id] },
      [content.questions[1]!.id]: { status: 'SKIPPED', solution: 'הלנה רובינשטיין' },
      ...Object.fromEntries(content.questions.slice(2).map((q) => [q.id, { status: 'DONE' }])),
    });
  });

  it('leaves the creator’s report figures as they were, and the feedback with its play', async () => {
    const report = await listActivePlays(database.db, { userId: 'admin', role: 'admin' }, { gameId: demo.id, progressType: 'all' });
    expect(report.data).toHaveLength(Object.keys(oldPlays).length);
    expect(report.questions).toEqual(questionStats(demo.content, Object.keys(oldPlays).map((name) => ({ questions: expected(name), startTime, endTime: oldPlays[name]!.endTime }))));
    expect(report.questions[0]).toMatchObject({ reached: 3, answered: 3 });
    const feedback = await database.executeSql(`SELECT play_id, general FROM feedbacks WHERE id = 'f1'`);
    expect(feedback.rows).toEqual([{ play_id: 'play-finished', general: 5 }]);
  });

  it('a game whose questions were not a list reads as a game without questions', async () => {
    const [row] = await database.db.select().from(games).where(eq(games.id, 'broken'));
    expect(readGameContent(row!).questions).toEqual([]);
  });
});
