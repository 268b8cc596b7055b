import { and, eq, isNull } from 'drizzle-orm';
import {
  applyProgressChange,
  questionKeepingOpen,
  isFreePrice,
  isPresenceCode,
  answerInEveryLanguage,
  judgeAnswer,
  MAX_WRONG_ATTEMPTS,
  needsPresenceCode,
  takesPresenceCode,
  solutionOf,
  unreachable,
  type Answer,
  type GameContent,
  type GameProgressRequest,
  type Progress,
  type ProgressChange,
  type QuestionStatus,
  type StartTimeReply,
} from '@streethunt/shared';
import type { Services } from '../../services.ts';
import { gameCodes, plays } from '../../db/schema.ts';
import type { AttemptLimiter } from '../../platform/shared-state/attempt-limiter.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { createGameCodes, tooManyFreePlays, tooManyWrongCodes, wrongCode, type CodeGate, type GameCode } from '../codes/service.ts';
import { findGameForPlayers, readGameContent } from '../../db/game-rows.ts';
import { versionToStartOn } from '../games/versions.ts';
import { findPlay, rememberPlay } from './play-cache.ts';
import { contextForCode, flowOfState, onItsVersion, playWhere, progressOf, type PlayContext, type PlayState, type ProgressQuestion } from './play-context.ts';
import type { ScoredAt } from './play-progress.ts';
import { publish, updatePlay } from './play-writes.ts';
import { prepareProgress, preparedProgressOf, type PreparedProgress } from './progress-text.ts';
import { progressRefusalError } from './progress-refusal.ts';
import type { PresenceCodes } from '../games/presence-codes.ts';
import { guessKey, tooManyGuesses } from './guess-limit.ts';
import { assertTrialCovers, assertTrialRunning } from './trial-gate.ts';


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

/**
 * Every action starts here: the code must be valid for this game (403 wrong_code otherwise, the same
 * for any wrong code). A valid grant for it lets a blocked address go on with its play.
 */
async function openPlayContext(deps: PlaysDeps, input: { gameId: string; secretCode: string; grant?: string }, caller: Caller): Promise<PlayContext> {
  const code = await deps.codes.require({ gameId: input.gameId, typed: input.secretCode, client: caller.client, grant: input.grant });
  // A trial past its 24 hours plays no more, not even a read: its phone says so and offers to buy.
  assertTrialRunning(code);
  return contextForCode(deps.db, code);
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
 * The game's flow decides what may change (DESIGN.md section 12): a question not begun that the flow
 * does not offer now is refused, for every play (an event is a competition the server judges). A
 * question once begun stays playable, so a replayed or late change to it is no error.
 */
function assertPlayable(ctx: PlayContext, state: PlayState, index: number): void {
  if (state.questions[index]?.status != null) return;
  const id = ctx.content.questions[index]!.id;
  if (!flowOfState(ctx.content, state).playable.includes(id)) {
    throw new AppError(409, 'not_playable', `Question ${index + 1} cannot be played now: the game's order or its conditions do not open it yet`);
  }
}

/**
 * The shared progress rules applied to the locked play: 'same' (a replayed or late change) leaves it
 * as it is, a refusal becomes its error reply. The play ends once its flow is over.
 */
function stepPlay(ctx: PlayContext, state: PlayState, change: ProgressChange): PlayState | null {
  const now = new Date();
  const step = applyProgressChange(state, change, now, (questions) => questionKeepingOpen(ctx.content.questions, questions, flowOfState(ctx.content, state, now)));
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
    assertPlayable(ctx, state, input.questionIndex);
    assertTrialCovers(ctx.code, ctx.content, state, input.questionIndex);
    const next = stepPlay(ctx, state, {
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
      const verdict = judgeAnswer(answerInEveryLanguage(question, ctx.content.translations), input.answer);
      if (verdict === 'not-this-kind') throw notThisKind(question.answer, input.answer);
      if (verdict === 'wrong') {
        wrong = true;
        throw new AppError(422, 'wrong_answer', 'That is not the answer');
      }
      // The option taken decides a branch that names it.
      if (question.answer.kind === 'choice' && input.answer !== undefined) {
        return { questions: next.questions.map((q, i) => (i === input.questionIndex ? { ...q, chose: input.answer } : q)) };
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
    assertPlayable(ctx, state, input.questionIndex);
    assertTrialCovers(ctx.code, ctx.content, state, input.questionIndex);
    const next = stepPlay(ctx, state, { action: 'show-question-hint', questionIndex: input.questionIndex, hintIndex: input.hintIndex });
    return next && { questions: next.questions };
  });
  return progress;
}

async function setEndTime(deps: PlaysDeps, ctx: PlayContext): Promise<Progress> {
  const { progress, changed, play } = await updatePlay(deps, ctx, { kind: 'finished' }, (state) => {
    const next = stepPlay(ctx, state, { action: 'set-end-time' });
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
