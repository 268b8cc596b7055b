import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  applyProgressChange,
  computeScore,
  isFreePrice,
  isPresenceCode,
  judgeAnswer,
  MAX_WRONG_ATTEMPTS,
  needsPresenceCode,
  photoPoints,
  takesPresenceCode,
  solutionOf,
  unreachable,
  type Answer,
  progressSchema,
  type GameContent,
  type GameProgressRequest,
  type PhotoState,
  type Progress,
  type ProgressChange,
  type QuestionStatus,
  type StartTimeReply,
} from '@streethunt/shared';
import type { Services } from '../../services.ts';
import type { Db } from '../../db/client.ts';
import { gameCodes, plays } from '../../db/schema.ts';
import type { AttemptLimiter } from '../../platform/shared-state/attempt-limiter.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { createGameCodes, tooManyFreePlays, tooManyWrongCodes, wrongCode, type CodeGate, type GameCode } from '../codes/service.ts';
import { findGameForPlayers, readGameContent, type GameRow } from '../../db/game-rows.ts';
import { cacheBus } from '../../platform/shared-state/cache-bus.ts';
import { perOwner, TtlMap } from '../../platform/ttl-map.ts';
import { emitProgress } from './live.ts';
import { contentOfVersion, versionToStartOn } from '../games/versions.ts';
import { playStatesOf, progressQuestions } from './play-states.ts';
import { progressRefusalError } from './progress-refusal.ts';
import type { PresenceCodes } from '../games/presence-codes.ts';
import { guessKey, tooManyGuesses } from './guess-limit.ts';

export type PlayRow = typeof plays.$inferSelect;
type ProgressQuestion = Progress['questions'][number];

/**
 * What runs once a play has ended (its end time first set): the feedback feature's invitation to the
 * buyer, wired where the routes are built, so plays never reach into another feature's service.
 */
export type OnPlayFinished = (play: { playId: string }) => Promise<void>;

/** What a change of a play was: a start, a question's move (its index), a hint, the end; null for a move no one reports (a question opened or done). */
export type PlayStep = {
  kind: 'started' | 'answered' | 'hint' | 'skipped' | 'finished' | 'photo' | 'photo-judged';
  questionIndex?: number;
  /** A judged photo's verdict (accepted or rejected). */
  text?: string;
  /** A judged photo's: whether the verdict changed what the photo adds to the score. */
  scoreChanged?: boolean;
} | null;

/**
 * What runs after every published change of a play (the events feature's control room), wired where
 * the routes are built. Runs after the reply is decided; a failure is logged, never the player's.
 */
/** Whether the code's play may change now (an event's team: not before the start, after the end or once disqualified); throws the refusal. */
export type PlayGate = (code: GameCode) => Promise<void>;

/**
 * When the code's score stops losing minutes (an event's team once its end passed: the time its
 * ranking is scored at), or undefined: the play's score counts to now.
 */
export type ScoreEnd = (code: GameCode) => Promise<ScoredAt | undefined>;

export type OnPlayChanged = (change: { code: GameCode; progress: Progress; step: PlayStep }) => Promise<void>;

export type PlaysDeps = Pick<Services, 'db' | 'realtime'> & {
  /** The one code check (codes service): the shared wrong-code limit and the play grant. */
  codes: CodeGate;
  /** Counts the codes issued for free plays per client (codes/service.ts, freePlayLimiter). */
  freePlayLimiter: AttemptLimiter;
  log: { error(details: object, message: string): void };
  onPlayFinished: OnPlayFinished;
  onPlayChanged: OnPlayChanged;
  playGate: PlayGate;
  scoreEnd: ScoreEnd;
  /** The questions' spot codes, to check the one a player sends. */
  presence: PresenceCodes;
  /** Counts a play's wrong guesses at a question the server judges (guess-limit.ts). */
  guesses: AttemptLimiter;
};

/** Who is asking: the client IP counts toward the wrong-code limit. */
export type Caller = { client: string };

type PlayState = Pick<PlayRow, 'startTime' | 'endTime' | 'lastUpdate'> & { questions: ProgressQuestion[] };

function toProgress(game: GameRow, content: GameContent, code: GameCode, state: PlayState | null, now = new Date()): Progress {
  const questions = state?.questions ?? progressQuestions(content.questions, {});
  const startTime = state?.startTime ?? null;
  const endTime = state?.endTime ?? null;
  return {
    game_id: game.id,
    game_secret: code.code,
    game_name: content.metadata.name,
    startTime: startTime?.toISOString() ?? null,
    endTime: endTime?.toISOString() ?? null,
    lastUpdate: (state?.lastUpdate ?? now).toISOString(),
    questions,
    score: computeScore({ startTime, endTime, questions }, now, content.metadata.scoring),
  };
}

const playState = (play: PlayRow, content: GameContent): PlayState => ({
  startTime: play.startTime,
  endTime: play.endTime,
  lastUpdate: play.lastUpdate,
  questions: progressQuestions(content.questions, play.states),
});

type PlayContext = { game: GameRow; content: GameContent; code: GameCode };

/**
 * Every action starts here: the code must be valid for this game (403 wrong_code otherwise, the same
 * for any wrong code). A valid grant for it lets a blocked address go on with its play.
 */
async function openPlayContext(deps: PlaysDeps, input: { gameId: string; secretCode: string; grant?: string }, caller: Caller): Promise<PlayContext> {
  const code = await deps.codes.require({ gameId: input.gameId, typed: input.secretCode, client: caller.client, grant: input.grant });
  return contextForCode(deps.db, code);
}

async function contextForCode(db: Db, code: GameCode): Promise<PlayContext> {
  const game = await findGameForPlayers(db, code.gameId);
  // The game was deleted a moment ago (its codes go with it).
  if (!game) throw wrongCode();
  return { game, content: readGameContent(game), code };
}

/**
 * The context of a play on the version of the game it started on (a play keeps it until it ends): the
 * row's content when it is that version, else the kept one. Not started: the row's.
 */
async function onItsVersion(db: Db, ctx: PlayContext, play: PlayRow | null): Promise<PlayContext> {
  if (!play || play.gameVersion === ctx.game.version) return ctx;
  return { ...ctx, content: (await contentOfVersion(db, ctx.game, play.gameVersion)).content };
}

const playWhere = (ctx: PlayContext) => and(eq(plays.gameId, ctx.game.id), eq(plays.codeId, ctx.code.id));

/**
 * Plays as this process last read or wrote them. Every write goes through the database under a row
 * lock and then lands here, and tells the other processes to drop their copy (the cache bus), so reads
 * are never older than the last write of any process (while Redis is away: at most PLAY_CACHE_MS).
 * Reads of the play are the bulk of a playing phone's calls.
 */
export const PLAY_CACHE_MS = 1_000;
const playCaches = perOwner((db: Db) => {
  const cache = new TtlMap<string, PlayRow | null>(PLAY_CACHE_MS, 20_000);
  cacheBus(db).onForget('play', (key) => (key === null ? cache.clear() : cache.delete(key)));
  return cache;
});
const playKey = (ctx: PlayContext) => `${ctx.game.id}\n${ctx.code.id}`;

function rememberPlay(db: Db, ctx: PlayContext, play: PlayRow): void {
  const cache = playCaches(db);
  const key = playKey(ctx);
  const cached = cache.get(key);
  // Updates of one play are serialized by its row lock and stamped in order; never keep an older one.
  if (cached && cached.lastUpdate > play.lastUpdate) return;
  cacheBus(db).forget('play', key);
  cache.set(key, play);
}

async function findPlay(db: Db, ctx: PlayContext): Promise<PlayRow | null> {
  const cache = playCaches(db);
  const key = playKey(ctx);
  if (cache.has(key)) return cache.get(key) ?? null;
  const [play] = await db.select().from(plays).where(playWhere(ctx));
  cache.set(key, play ?? null);
  return play ?? null;
}

/** The Progress of a play (null: not started; nothing is stored until set-start-time). */
export function progressOf(ctx: PlayContext, play: PlayRow | null, now = new Date()): Progress {
  return toProgress(ctx.game, ctx.content, ctx.code, play && playState(play, ctx.content), now);
}

/**
 * get-game-progress as JSON text, checked against the shared schema when made. A play is read far more
 * often than it changes, so the text is kept beside the play row it was made of (the play cache's
 * object: a write or a re-read brings a new one) for the same game row and code, until the score's
 * elapsed minute moves on. It is fresh exactly when progressOf would be: the play cache decides.
 */
export type PreparedProgress = { json: string };
type ProgressText = { game: GameRow; code: GameCode; from: number; until: number; prepared: PreparedProgress };
const progressTexts = new WeakMap<PlayRow, ProgressText>();

const prepareProgress = (progress: Progress): PreparedProgress => ({ json: JSON.stringify(progressSchema.parse(progress)) });

/** The span of time around `now` in which a play's progress stays as it is: its score loses a point each whole minute of an unfinished play. */
function unchangedSpan(play: PlayRow, now: number): { from: number; until: number } {
  if (!play.startTime || play.endTime) return { from: -Infinity, until: Infinity };
  const start = play.startTime.getTime();
  if (now < start) return { from: -Infinity, until: start };
  const from = start + Math.floor((now - start) / 60_000) * 60_000;
  return { from, until: from + 60_000 };
}

/**
 * A play not started yet reads the same for every code of a game row but for its code and its
 * lastUpdate (now): its text is kept per game row and content, cut around those two values. Both are
 * top-level keys, and JSON escapes every quote inside a value, so each occurs once in the text.
 */
type UnstartedText = { content: GameContent; head: string; middle: string; tail: string };
const unstartedTexts = new WeakMap<GameRow, UnstartedText>();

function unstartedProgress(ctx: PlayContext, now: Date): PreparedProgress {
  let kept = unstartedTexts.get(ctx.game);
  if (!kept || kept.content !== ctx.content) {
    const progress = toProgress(ctx.game, ctx.content, ctx.code, null, now);
    const { json } = prepareProgress(progress);
    const secret = `"game_secret":${JSON.stringify(progress.game_secret)}`;
    const lastUpdate = `"lastUpdate":${JSON.stringify(progress.lastUpdate)}`;
    const [head, rest] = [json.slice(0, json.indexOf(secret)), json.slice(json.indexOf(secret) + secret.length)];
    const [middle, tail] = [rest.slice(0, rest.indexOf(lastUpdate)), rest.slice(rest.indexOf(lastUpdate) + lastUpdate.length)];
    unstartedTexts.set(ctx.game, (kept = { content: ctx.content, head, middle, tail }));
  }
  return { json: `${kept.head}"game_secret":${JSON.stringify(ctx.code.code)}${kept.middle}"lastUpdate":"${now.toISOString()}"${kept.tail}` };
}

export function preparedProgressOf(ctx: PlayContext, play: PlayRow | null, now = new Date()): PreparedProgress {
  // Not started: its lastUpdate is now, so only the cut text is kept.
  if (!play) return unstartedProgress(ctx, now);
  const at = now.getTime();
  const kept = progressTexts.get(play);
  if (kept && kept.game === ctx.game && kept.code.id === ctx.code.id && kept.code.code === ctx.code.code && at >= kept.from && at < kept.until) return kept.prepared;
  const prepared = prepareProgress(toProgress(ctx.game, ctx.content, ctx.code, playState(play, ctx.content), now));
  progressTexts.set(play, { game: ctx.game, code: ctx.code, ...unchangedSpan(play, at), prepared });
  return prepared;
}

/** POST /api/game-progress get-game-progress: the same code check as every action, then the play's progress as JSON text. */
export async function readProgressJson(deps: PlaysDeps, request: GameProgressRequest & { secretCode: string }, caller: Caller): Promise<PreparedProgress> {
  const ctx = await openPlayContext(deps, { gameId: request.gameId, secretCode: request.secretCode, grant: request.grant }, caller);
  const play = await findPlay(deps.db, ctx);
  const onVersion = await onItsVersion(deps.db, ctx, play);
  // An event's team past its end reads the score its ranking has (rare: made afresh, not kept).
  const at = (await deps.scoreEnd(ctx.code))?.(play?.startTime ?? null);
  return at ? prepareProgress(progressOf(onVersion, play, at)) : preparedProgressOf(onVersion, play);
}

/** For progress:watch: the play's progress when the code is valid (the caller checked it). */
/** When a play's score stops losing minutes, by its start (an event's end, or a team's own time up); undefined: now. */
export type ScoredAt = (startTime: Date | null) => Date | undefined;

export async function progressForCode(db: Db, code: GameCode, scoredAt?: ScoredAt): Promise<Progress> {
  const ctx = await contextForCode(db, code);
  const play = await findPlay(db, ctx);
  return progressOf(await onItsVersion(db, ctx, play), play, scoredAt?.(play?.startTime ?? null));
}

/**
 * The progress of many codes of one game (an event's teams), their plays read in one query rather than
 * one each: the control room and the teams' ranking read every team at once.
 */
/** Plays scored before progressForCodes lets other work in. */
const SCORE_SLICE = 100;

export async function progressForCodes(db: Db, codes: readonly GameCode[], scoredAt?: ScoredAt): Promise<Map<string, Progress>> {
  const byCode = new Map<string, Progress>();
  if (codes.length === 0) return byCode;
  const game = await findGameForPlayers(db, codes[0].gameId);
  if (!game) throw wrongCode();
  const content = readGameContent(game);
  const rows = await db
    .select()
    .from(plays)
    .where(and(eq(plays.gameId, game.id), inArray(plays.codeId, codes.map((code) => code.id))));
  const playOf = new Map(rows.map((row) => [row.codeId, row]));
  for (const [i, code] of codes.entries()) {
    // An event's thousand plays are scored in slices, so the requests that come meanwhile are not held behind them all.
    if (i > 0 && i % SCORE_SLICE === 0) await yieldToLoop();
    const play = playOf.get(code.id) ?? null;
    byCode.set(code.id, progressOf(await onItsVersion(db, { game, content, code }, play), play, scoredAt?.(play?.startTime ?? null)));
  }
  return byCode;
}

function publish(deps: PlaysDeps, ctx: PlayContext, progress: Progress, step: PlayStep): void {
  emitProgress(deps.realtime.io, { gameId: ctx.game.id, codeId: ctx.code.id }, progress);
  deps.onPlayChanged({ code: ctx.code, progress, step }).catch((error: unknown) => deps.log.error({ err: error, codeId: ctx.code.id }, 'could not report a play change'));
}

/** set-start-time: one play per game and code (the unique index decides between racing devices); the start time is set once. */
async function setStartTime(deps: PlaysDeps, startCtx: PlayContext): Promise<StartTimeReply> {
  const now = new Date();
  const created = await deps.db.transaction(async (tx) => {
    // On the game's version now, read under a share lock: a save replacing it waits, and keeps it for this play.
    const gameVersion = await versionToStartOn(tx, startCtx.game.id);
    if (gameVersion === null) throw wrongCode();
    const [inserted] = await tx
      .insert(plays)
      .values({ gameId: startCtx.game.id, codeId: startCtx.code.id, startTime: now, lastUpdate: now, states: {}, gameVersion })
      .onConflictDoNothing({ target: [plays.gameId, plays.codeId] })
      .returning();
    return inserted;
  });
  let ctx = startCtx;
  // Read past the cache: another device may have just created it.
  let [play] = created ? [created] : await deps.db.select().from(plays).where(playWhere(ctx));
  if (!play) throw new Error('play vanished after insert');
  if (!play.startTime) {
    const [updated] = await deps.db.update(plays).set({ startTime: now, lastUpdate: now }).where(and(playWhere(ctx), isNull(plays.startTime))).returning();
    play = updated ?? (await deps.db.select().from(plays).where(playWhere(ctx)))[0];
  }
  rememberPlay(deps.db, ctx, play);
  ctx = await onItsVersion(deps.db, ctx, play);
  await deps.db.update(gameCodes).set({ activatedAt: now }).where(and(eq(gameCodes.id, ctx.code.id), isNull(gameCodes.activatedAt)));
  const progress = progressOf(ctx, play);
  if (created) publish(deps, ctx, progress, { kind: 'started' });
  // The device keeps the grant and sends it with its later calls: its play goes on even if its address
  // gets blocked for wrong codes (a shared school network). Every device that starts the play gets one.
  return { status: 'OK', gameProgress: progress, grant: deps.codes.grantFor(ctx.code) };
}

/**
 * set-start-time without a code: a free game (price empty or 0) starts with a code the server issues
 * (source 'free'), returned as the play's game_secret so the team can share it. It opens only this
 * game, so it is no way around the wrong-code limit; a client blocked by that limit is refused here too
 * (its later calls with the new code would be), and the codes issued per client are limited.
 */
async function startFreePlay(deps: PlaysDeps, gameId: string, caller: Caller): Promise<StartTimeReply> {
  const blockedMs = await deps.codes.limiter.blockedFor(caller.client);
  if (blockedMs > 0) throw tooManyWrongCodes(blockedMs);
  const game = await findGameForPlayers(deps.db, gameId);
  // Only a listed game starts this way; a draft is play-tested with a code.
  if (!game || game.status !== 'APPROVED') throw notFound('No such game');
  const content = readGameContent(game);
  if (!isFreePrice(content.metadata.price)) throw badRequest('secretCode is required: this game is not free');
  // Taken before the code is made, in one step with the check: free starts sent at once stop at the limit too.
  const freePlay = await deps.freePlayLimiter.attempt(caller.client);
  if (!freePlay.allowed) throw tooManyFreePlays(freePlay.retryMs);
  let code: GameCode | undefined;
  try {
    [code] = await createGameCodes(deps.db, { gameId: game.id, count: 1, source: 'free' });
  } finally {
    // Each issued code counts; none issued (the database failed), none counted.
    await freePlay.settle(code !== undefined);
  }
  return setStartTime(deps, { game, content, code });
}

type Change = { questions?: ProgressQuestion[]; endTime?: Date } | null;

/**
 * Reads the play under a row lock, lets `decide` work out the change (null: nothing to change, reply
 * with the play as it is; throw: refuse), writes it, and publishes it after the commit. Devices that
 * share a code may update at the same moment; the lock makes each see the other's change.
 *
 * Most changes first try without the lock, in one statement: decided on the play as this process last
 * saw it (the play cache), written only if the row is still that one (its lastUpdate, which every write
 * moves forward by at least a millisecond, so it is the row's version). A thousand teams' changes then
 * cost one round trip each rather than four. Anything else (the row moved on, a refusal or no change
 * decided on the cached play, which may be stale) takes the locked way, which decides again.
 */
async function updatePlay(
  deps: PlaysDeps,
  ctx: PlayContext,
  step: PlayStep,
  decide: (state: PlayState) => Change,
): Promise<{ progress: Progress; changed: boolean; play: PlayRow }> {
  // Not kept here (another process wrote it last): read it, then write on it as on a kept one; two
  // round trips rather than a transaction's four.
  if (!playCaches(deps.db).has(playKey(ctx))) await findPlay(deps.db, ctx);
  const outcome = (await writeOnCachedPlay(deps.db, ctx, decide)) ?? (await updateLocked(deps.db, ctx, decide));
  rememberPlay(deps.db, ctx, outcome.play);
  const progress = progressOf(ctx, outcome.play);
  if (outcome.changed) publish(deps, ctx, progress, step);
  return { progress, ...outcome };
}

/** A write's lastUpdate: now, and always after the one before (two writes in one millisecond still differ). */
const nextUpdateTime = (play: PlayRow) => new Date(Math.max(Date.now(), play.lastUpdate.getTime() + 1));

function changedRow(ctx: PlayContext, play: PlayRow, change: NonNullable<Change>) {
  const { questions, ...rest } = change;
  return { ...rest, ...(questions && { states: playStatesOf(ctx.content.questions, questions, play.states) }), lastUpdate: nextUpdateTime(play) };
}

async function writeOnCachedPlay(db: Db, ctx: PlayContext, decide: (state: PlayState) => Change): Promise<{ play: PlayRow; changed: true } | null> {
  const cached = playCaches(db).get(playKey(ctx));
  if (!cached?.startTime) return null;
  let change: Change;
  try {
    change = decide(playState(cached, ctx.content));
  } catch {
    return null;
  }
  if (!change) return null;
  const [updated] = await db
    .update(plays)
    .set(changedRow(ctx, cached, change))
    .where(and(eq(plays.id, cached.id), eq(plays.lastUpdate, cached.lastUpdate)))
    .returning();
  return updated ? { play: updated, changed: true } : null;
}

async function updateLocked(db: Db, ctx: PlayContext, decide: (state: PlayState) => Change): Promise<{ play: PlayRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [play] = await tx.select().from(plays).where(playWhere(ctx)).for('update');
    if (!play?.startTime) throw conflict('The game has not started for this code yet: start it first');
    const change = decide(playState(play, ctx.content));
    if (!change) return { play, changed: false };
    const [updated] = await tx.update(plays).set(changedRow(ctx, play, change)).where(eq(plays.id, play.id)).returning();
    return { play: updated, changed: true };
  });
}

function questionAt(ctx: PlayContext, index: number, id: string | undefined) {
  const question = ctx.content.questions[index];
  if (!question) throw progressRefusalError({ reason: 'no-question', questionIndex: index, questionCount: ctx.content.questions.length });
  // Named by id too: a change meant for a question of another version is no change of this one.
  if (id !== undefined && question.id !== id) {
    throw new AppError(409, 'conflict', `Question ${index + 1} of the version this play is on is not the question ${id}`);
  }
  return question;
}

/**
 * The shared progress rules applied to the locked play: 'same' (a replayed or late change) leaves it
 * as it is, a refusal becomes its error reply.
 */
function stepPlay(state: PlayState, change: ProgressChange): PlayState | null {
  const step = applyProgressChange(state, change, new Date());
  if (step.kind === 'refused') throw progressRefusalError(step.refusal);
  return step.kind === 'same' ? null : { ...state, ...step.state };
}

/** A 400 for what cannot be an answer of this question's kind: it changes nothing and is no wrong try. */
function notThisKind(answer: Answer, sent: string | undefined): AppError {
  if (sent === undefined) return badRequest('answer is required to set ANSWERED: the server judges it');
  switch (answer.kind) {
    case 'number':
      return new AppError(400, 'bad_answer', 'This question takes a number');
    case 'choice':
      return new AppError(400, 'bad_answer', 'This question has no such option');
    case 'photo':
      return new AppError(400, 'bad_answer', 'This question takes a photo: send it to /api/play-photos');
    case 'text':
    case 'none':
      return new AppError(400, 'bad_answer', 'That is no answer of this question');
    default:
      return unreachable(answer);
  }
}

/**
 * Beginning a question that takes a spot code: the code sent must be its own (422, nothing changed); a
 * `qr` question does not begin without one. Without a code a `gps-or-qr` question begins, as its phone
 * found the player in the area (GPS is the phone's to judge).
 */
function checkPresence(deps: PlaysDeps, ctx: PlayContext, question: GameContent['questions'][number], sent: string | undefined): void {
  if (!takesPresenceCode(question.presence)) return;
  if (sent === undefined) {
    if (needsPresenceCode(question.presence)) throw new AppError(422, 'presence_required', 'This question opens with the code of the QR sign at its spot: send presenceCode');
    return;
  }
  if (!isPresenceCode(deps.presence.codeOf(ctx.game, question.id), sent)) throw new AppError(422, 'wrong_presence_code', 'That is not the code at this question’s spot');
}

/**
 * An event's phones have no answers to judge with, and an event is a competition: the server counts a
 * team's wrong attempts as it judges them, and takes no count from the phone.
 */
const serverCountsWrongAttempts = (ctx: PlayContext) => ctx.code.source === 'event';

/** One more wrong attempt at a question not yet answered or given up (the control room sees the score drop). */
async function countWrongAttempt(deps: PlaysDeps, ctx: PlayContext, questionIndex: number): Promise<void> {
  await updatePlay(deps, ctx, null, (state) => {
    const question = state.questions[questionIndex];
    if (!question || (question.status !== null && question.status !== 'STARTED')) return null;
    const wrongAttempts = Math.min((question.wrongAttempts ?? 0) + 1, MAX_WRONG_ATTEMPTS);
    return { questions: state.questions.map((q, i) => (i === questionIndex ? { ...q, wrongAttempts } : q)) };
  });
}

async function setQuestionStatus(
  deps: PlaysDeps,
  ctx: PlayContext,
  input: { questionIndex: number; questionId?: string; questionStatus: QuestionStatus; answer?: string; wrongAttempts?: number; presenceCode?: string },
): Promise<Progress> {
  // Out of range is a 400 even before the play starts: checked against the game, outside the lock.
  const question = questionAt(ctx, input.questionIndex, input.questionId);
  // Answered, or given up (the solution shown); the moves on from either (DONE, SKIPPED) report nothing new.
  const kind = input.questionStatus === 'ANSWERED' ? 'answered' : input.questionStatus === 'SOLUTION' ? 'skipped' : null;
  const phoneCount = serverCountsWrongAttempts(ctx) ? undefined : input.wrongAttempts;
  // A guess the server judges takes a try of the play's allowance at this question before it is judged.
  const guess =
    input.presenceCode !== undefined ? guessKey(ctx.code.id, question.id, 'presence')
    : input.questionStatus === 'ANSWERED' && serverCountsWrongAttempts(ctx) ? guessKey(ctx.code.id, question.id, 'answer')
    : null;
  const attempt = guess === null ? null : await deps.guesses.attempt(guess);
  if (attempt && !attempt.allowed) throw tooManyGuesses(attempt.retryMs);
  let wrong = false;
  const changed = updatePlay(deps, ctx, kind && { kind, questionIndex: input.questionIndex }, (state) => {
    const next = stepPlay(state, {
      action: 'set-question-status',
      questionIndex: input.questionIndex,
      questionStatus: input.questionStatus,
      ...(phoneCount !== undefined && { wrongAttempts: phoneCount }),
    });
    if (!next) return null;
    // Being at the spot is checked once, when the question begins; a replayed move gets the progress.
    if (state.questions[input.questionIndex]?.status === null) checkPresence(deps, ctx, question, input.presenceCode);
    // Only a move the rules allow is judged, so a replayed ANSWERED gets the progress, not a 422.
    if (input.questionStatus === 'ANSWERED') {
      const verdict = judgeAnswer(question.answer, input.answer);
      if (verdict === 'not-this-kind') throw notThisKind(question.answer, input.answer);
      if (verdict === 'wrong') {
        wrong = true;
        throw new AppError(422, 'wrong_answer', 'That is not the answer');
      }
    }
    if (input.questionStatus !== 'SOLUTION' && input.questionStatus !== 'SKIPPED') return { questions: next.questions };
    // The rules know no answers: revealing the solution is the server's part.
    const moved = next.questions[input.questionIndex];
    const revealed: ProgressQuestion = { ...moved, solution: moved.solution ?? solutionOf(question.answer) };
    return { questions: next.questions.map((q, i) => (i === input.questionIndex ? revealed : q)) };
  });
  try {
    const { progress } = await changed;
    await attempt?.settle(false);
    return progress;
  } catch (error) {
    await attempt?.settle(wrong || (error instanceof AppError && error.code === 'wrong_presence_code'));
    if (wrong && serverCountsWrongAttempts(ctx)) await countWrongAttempt(deps, ctx, input.questionIndex);
    throw error;
  }
}

async function showQuestionHint(deps: PlaysDeps, ctx: PlayContext, input: { questionIndex: number; questionId?: string; hintIndex: number }): Promise<Progress> {
  const question = questionAt(ctx, input.questionIndex, input.questionId);
  if (!question.hints[input.hintIndex]) {
    throw progressRefusalError({ reason: 'no-hint', questionIndex: input.questionIndex, hintIndex: input.hintIndex, hintCount: question.hints.length });
  }
  const { progress } = await updatePlay(deps, ctx, { kind: 'hint', questionIndex: input.questionIndex }, (state) => {
    const next = stepPlay(state, { action: 'show-question-hint', questionIndex: input.questionIndex, hintIndex: input.hintIndex });
    return next && { questions: next.questions };
  });
  return progress;
}

async function setEndTime(deps: PlaysDeps, ctx: PlayContext): Promise<Progress> {
  const { progress, changed, play } = await updatePlay(deps, ctx, { kind: 'finished' }, (state) => {
    const next = stepPlay(state, { action: 'set-end-time' });
    return next?.endTime ? { endTime: next.endTime } : null;
  });
  if (changed) {
    // The email must not hold up or fail the reply.
    deps.onPlayFinished({ playId: play.id }).catch((error: unknown) =>
      deps.log.error({ err: error, playId: play.id }, 'could not send the feedback invitation'),
    );
  }
  return progress;
}

/**
 * Opens a hint of the code's play on the organiser's behalf (an event's control room), as if the team
 * had opened it: the same rules, the same change on every phone and in the feed.
 */
export async function openHintForCode(deps: PlaysDeps, code: GameCode, at: { questionIndex: number; hintIndex: number }): Promise<Progress> {
  const opened = await contextForCode(deps.db, code);
  const [play] = await deps.db.select().from(plays).where(playWhere(opened));
  return showQuestionHint(deps, await onItsVersion(deps.db, opened, play ?? null), at);
}

/** A play as the photos feature needs it: its row and its content on the version it is on. */
export type PlayOfCode = { play: PlayRow | null; content: GameContent; gameId: string };

/** The code's play (null: not started) and the content of the version it is on. */
export async function playOfCode(db: Db, code: GameCode): Promise<PlayOfCode> {
  const opened = await contextForCode(db, code);
  const [play] = await db.select().from(plays).where(playWhere(opened));
  const ctx = await onItsVersion(db, opened, play ?? null);
  return { play: play ?? null, content: ctx.content, gameId: ctx.game.id };
}

/**
 * A photo question's photo arrived (`arrived`) or was judged: the progress carries its state (the score
 * counts an accepted one), and an arriving photo answers its question (ANSWERED; a question already
 * moved on stays). Published as every change: the team's phones and the control room see it at once.
 */
export async function setPhotoState(deps: PlaysDeps, code: GameCode, input: { questionId: string; photo: PhotoState; arrived: boolean }): Promise<Progress> {
  const opened = await contextForCode(deps.db, code);
  const [play] = await deps.db.select().from(plays).where(playWhere(opened));
  const ctx = await onItsVersion(deps.db, opened, play ?? null);
  const index = ctx.content.questions.findIndex((question) => question.id === input.questionId);
  if (index === -1) throw notFound('No such question in the version this play is on');
  const step: NonNullable<PlayStep> = input.arrived ? { kind: 'photo', questionIndex: index } : { kind: 'photo-judged', questionIndex: index, text: input.photo.status };
  const { progress } = await updatePlay(deps, ctx, step, (state) => {
    const question = state.questions[index];
    const status = question.status === null || question.status === 'STARTED' ? 'ANSWERED' : question.status;
    const same = status === question.status && JSON.stringify(question.photo) === JSON.stringify(input.photo);
    if (same) return null;
    // Decided on the play this change is written over (the last decision is the one written): whether
    // the verdict moved the score, which an event's final ranking keeps when it comes after the end.
    if (!input.arrived) step.scoreChanged = photoPoints(question.photo) !== photoPoints(input.photo);
    return { questions: state.questions.map((q, i) => (i === index ? { ...q, status, photo: input.photo } : q)) };
  });
  return progress;
}

/** POST /api/game-progress: checks the code (or starts a free game without one), then runs the action. */
export async function runGameProgressAction(deps: PlaysDeps, request: GameProgressRequest, caller: Caller): Promise<Progress | StartTimeReply> {
  if (request.secretCode === undefined) {
    // Only set-start-time may come without a code (the shared schema requires it for the rest).
    return startFreePlay(deps, request.gameId, caller);
  }
  const opened = await openPlayContext(deps, { gameId: request.gameId, secretCode: request.secretCode, grant: request.grant }, caller);
  if (request.action !== 'get-game-progress') await deps.playGate(opened.code);
  if (request.action === 'set-start-time') return setStartTime(deps, opened);
  // Every other action reads and changes the play on its own version (which never changes once started).
  let play = await findPlay(deps.db, opened);
  // 'Not started' may be a second old (another device may have started it since, on the version then):
  // a change is judged on the play's own version, so it reads the play afresh.
  if (!play && request.action !== 'get-game-progress') play = (await deps.db.select().from(plays).where(playWhere(opened)))[0] ?? null;
  const ctx = await onItsVersion(deps.db, opened, play);
  switch (request.action) {
    case 'get-game-progress':
      return progressOf(ctx, play, (await deps.scoreEnd(ctx.code))?.(play?.startTime ?? null));
    case 'set-question-status':
      return setQuestionStatus(deps, ctx, request);
    case 'show-question-hint':
      return showQuestionHint(deps, ctx, request);
    case 'set-end-time':
      return setEndTime(deps, ctx);
  }
}
