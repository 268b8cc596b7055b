import {
  ANSWER_KIND_REGISTRY,
  HINT_TEXTS,
  QUESTION_TEXTS,
  textsIn,
  acceptingEveryLanguage,
  gameReplySchema,
  translatedContent,
  afterTextOpen,
  isTrialExpired,
  trialOpenQuestions,
  phoneAnswerOf,
  replyAnswerOf,
  type GameContent,
  type GameReply,
  type Language,
  type PhoneAnswer,
  type PlayerQuestion,
  type Question,
} from '@streethunt/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plays } from '../../db/schema.ts';
import { may } from '../../platform/policy.ts';
import type { AccessClaims } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { cacheBus } from '../../platform/shared-state/cache-bus.ts';
import { perOwner, TtlMap } from '../../platform/ttl-map.ts';
import type { CodeGate } from '../codes/service.ts';
import { markQuestionsOpened } from '../codes/opened.ts';
import { findGame, findGameForPlayers, readGameContent, type GameRow } from '../../db/game-rows.ts';
import { contentOfVersion, playVersionOfCode, type GameVersion } from './versions.ts';
import { progressQuestions } from '../plays/play-states.ts';

/** Replies and answer hashes kept per process, bounded by bytes (a game's content may be a megabyte). */
const REPLY_CACHE_BYTES = 64 * 1024 * 1024;
const HASH_CACHE_BYTES = 16 * 1024 * 1024;

/** Each question's own salt: the game's salt and its index, so equal answers hash differently per question. */
export function questionSalt(gameSalt: string, questionIndex: number): string {
  return `${gameSalt}:${questionIndex}`;
}

/** A question as a reply carries it: its answer for the player (hashes) or for the owner (what they edit). */
function playerQuestion(question: Question, salt: string, phone: PhoneAnswer, forOwner: boolean): PlayerQuestion {
  return {
    id: question.id,
    ...textsIn(question, QUESTION_TEXTS),
    ...(question.audio && { audio: question.audio }),
    ...(question.location !== undefined && { location: question.location }),
    ...(question.presence !== undefined && { presence: question.presence }),
    ...(question.stepFree !== undefined && { stepFree: question.stepFree }),
    ...(question.alternative !== undefined && { alternative: question.alternative }),
    // Nothing of the spot code, not even a hash to try offline: the server checks every code sent
    // (docs/decisions/010); the owner gets the codes from their own call (presence-codes route).
    hints: question.hints.map((hint) => ({ id: hint.id, ...textsIn(hint, HINT_TEXTS), ...(hint.audio && { audio: hint.audio }) })),
    answer: replyAnswerOf(question.answer, salt, phone, forOwner),
    // The flow goes to the phone: it judges what opens next offline as the server does (content/flow.ts).
    ...(question.when !== undefined && { when: question.when }),
    ...(question.then !== undefined && { then: question.then }),
  };
}

/** A reply, and the same as JSON text, checked against the shared schema once when made. */
export type PreparedReply = { body: GameReply; json: string };

function prepare(body: GameReply): PreparedReply {
  const checked = gameReplySchema.parse(body);
  return { body: checked, json: JSON.stringify(checked) };
}

type ReplyParts = {
  publicPart: PreparedReply;
  playerPart: PreparedReply;
  /** The owner's and admins' (with every answer), made on their first read of this version. */
  ownerPart?: PreparedReply;
};

/** A version's replies, by the language they are in (made on the first read in each). */
type VersionReplies = { key: string; byLanguage: Partial<Record<Language, ReplyParts>> };

const weightOf = (parts: ReplyParts) => parts.publicPart.json.length + parts.playerPart.json.length + (parts.ownerPart?.json.length ?? 0);

/**
 * A game's two player replies (no code; a valid code) per language while its row is unchanged, per
 * database: hashing the answers and serializing the whole game are the bulk of a player's request,
 * and every holder of a code for the game gets the same bytes in the language asked for. The key
 * moves when the editor saves (updated_at, and the salt when answers change). Bounded.
 */
const replyCaches = perOwner((db: Db) => {
  const cache = new TtlMap<string, VersionReplies>(10 * 60_000, 500, Date.now, {
    max: REPLY_CACHE_BYTES,
    of: ({ byLanguage }) => 4 * Object.values(byLanguage).reduce((bytes, parts) => bytes + weightOf(parts), 0),
  });
  cacheBus(db).onForget('game', (gameId) => (gameId === null ? cache.clear() : cache.delete(gameId)));
  return cache;
});

/** What a saved version of a game is known by. The version too: two saves within one millisecond keep updated_at but never the version. */
const versionKey = (row: GameRow) => `${row.version}|${row.updatedAt.getTime()}|${row.answerSalt}|${row.status}|${row.userId}|${row.reviewNote ?? ''}`;

/**
 * Each question's answer hashes, computed once per saved version of the game (per process): the
 * owner's reads and the players' replies, in every language, share them. A save keeps at most
 * MAX_ACCEPTED_ANSWERS per language; a game stored before that cap has only its first ones hashed for
 * the phone (the server's own judging still reads them all).
 */
const hashCaches = perOwner((db: Db) => {
  const cache = new TtlMap<string, { key: string; hashes: PhoneAnswer[] }>(10 * 60_000, 2_000, Date.now, {
    max: HASH_CACHE_BYTES,
    // Per question an object, and per hash a 64-character hex string and the array slot holding it.
    of: ({ hashes }) => hashes.reduce((bytes, question) => bytes + 96 + question.hashes.length * 160, 64),
  });
  cacheBus(db).onForget('game', (gameId) => (gameId === null ? cache.clear() : cache.delete(gameId)));
  return cache;
});

/** Each question's phone part (what is right in any of the game's languages, hashed with its salt: the game's salt and its position). */
const hashesOf = (content: GameContent, answerSalt: string): PhoneAnswer[] =>
  acceptingEveryLanguage(content).questions.map((question, i) => phoneAnswerOf(question.answer, questionSalt(answerSalt, i)));

function answerHashesOf(db: Db, row: GameRow, content: GameContent): PhoneAnswer[] {
  const key = versionKey(row);
  const cache = hashCaches(db);
  const cached = cache.get(row.id);
  if (cached && cached.key === key) return cached.hashes;
  const hashes = hashesOf(content, row.answerSalt);
  cache.set(row.id, { key, hashes });
  return hashes;
}

/** This version's replies so far, by language (a new, empty set once the row moved on). */
function versionReplies(db: Db, row: GameRow): VersionReplies {
  const key = versionKey(row);
  const cached = replyCaches(db).get(row.id);
  return cached && cached.key === key ? cached : { key, byLanguage: {} };
}

/** The owner's and admins' reply for this version in this language, made once and kept with the players' parts. */
function ownerPart(db: Db, row: GameRow, language: Language): PreparedReply {
  const parts = replyParts(db, row, language);
  if (parts.ownerPart) return parts.ownerPart;
  const original = readGameContent(row);
  const content = translatedContent(original, language);
  const hashes = answerHashesOf(db, row, original);
  parts.ownerPart = prepare({
    ...publicReply(row, content),
    questions: content.questions.map((q, i) => playerQuestion(q, questionSalt(row.answerSalt, i), hashes[i], true)),
    // What the editor's next save must name (409 when another save came first).
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    // Why an admin sent it back or took it off the list, for the editor to show.
    reviewNote: row.reviewNote,
    // The draft of an approved game's next version names that game.
    nextVersionOf: row.nextVersionOf,
    // The other languages, as the editor edits them.
    ...(original.translations && { translations: original.translations }),
  });
  // Set again, so the cache weighs the entry with its new part.
  const replies = versionReplies(db, row);
  replyCaches(db).set(row.id, replies);
  return parts.ownerPart;
}

function replyParts(db: Db, row: GameRow, language: Language): ReplyParts {
  const replies = versionReplies(db, row);
  const cached = replies.byLanguage[language];
  if (cached) return cached;
  const original = readGameContent(row);
  const content = translatedContent(original, language);
  const publicPart = publicReply(row, content);
  const hashes = answerHashesOf(db, row, original);
  const parts: ReplyParts = {
    publicPart: prepare(publicPart),
    playerPart: prepare({
      ...publicPart,
      questions: content.questions.map((q, i) => playerQuestion(q, questionSalt(row.answerSalt, i), hashes[i], false)),
    }),
  };
  replies.byLanguage[language] = parts;
  replyCaches(db).set(row.id, replies);
  return parts;
}

function publicReply(row: GameRow, content: GameContent): GameReply {
  return {
    _id: row.id,
    userId: row.userId,
    status: row.status,
    metadata: content.metadata,
    introPage: { content: content.introPage.content },
    gameoverPage: { content: content.gameoverPage.content, hideGameSummary: content.gameoverPage.hideGameSummary },
    questionCount: content.questions.length,
  };
}

/**
 * The language a reply is in: the one asked for when the game is offered in it, else 404 (the phone
 * falls back to the original); none asked for, the original. The owner and admins may read any, to
 * see a translation under way.
 */
function replyLanguage(content: GameContent, asked: Language | undefined, editor: boolean): Language {
  if (asked === undefined) return content.metadata.language;
  // The languages the save computed (metadata.languages): counting a translation's texts on every request would cost more than the reply.
  if (editor || asked === content.metadata.language || content.metadata.languages?.includes(asked)) return asked;
  throw new AppError(404, 'language_not_ready', `This game is not offered in ${asked} (yet): its translation is not complete`);
}

export type GameViewer = {
  /** The logged-in caller, if any. */
  auth: AccessClaims | null;
  /** The x-game-secret header, if sent. */
  secretCode?: string;
  /** The x-play-grant header, if sent (codes service: a play goes on from a blocked address). */
  grant?: string;
  /** Who counts toward the wrong-code limit: the client IP. */
  client: string;
  /** `?lang=`: the language the reply is asked in; absent, the game's original. */
  language?: Language;
};

/**
 * GET /api/games/{id} (DESIGN.md sections 4 and 10). Strangers see an approved game's public part;
 * a valid code for this game adds the questions with answers as salted hashes; the owner and admins
 * also get each answer's value. A wrong code gives what no code gives (and counts as a wrong try).
 */
export async function getGameForViewer(deps: { db: Db; codes: CodeGate }, gameId: string, viewer: GameViewer): Promise<PreparedReply> {
  // A logged-in caller may be the owner or an admin, who see their latest save at once.
  const row = viewer.auth ? await findGame(deps.db, gameId) : await findGameForPlayers(deps.db, gameId);
  if (row && may(viewer.auth, 'edit-game', row)) return ownerPart(deps.db, row, replyLanguage(readGameContent(row), viewer.language, true));
  // A stopped (refunded) code kept on a phone opens nothing, like no code: the page still shows the game.
  const code = viewer.secretCode
    ? await deps.codes.check({ gameId, typed: viewer.secretCode, client: viewer.client, grant: viewer.grant }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'code_refunded') return null;
        throw error;
      })
    : null;
  // A valid code also opens a game that is not approved (yet): a creator's code lets friends play-test a draft.
  if (!row || (row.status !== 'APPROVED' && !code)) throw notFound('No such game');
  // A trial past its 24 hours opens nothing more, like a stopped code: the page offers to buy.
  const trialOver = code?.source === 'trial' && isTrialExpired(code.createdAt);
  if (!code || trialOver) return replyParts(deps.db, row, replyLanguage(readGameContent(row), viewer.language, false)).publicPart;
  await markQuestionsOpened(deps.db, code);
  // A play keeps the version it started on: its phone gets that version's questions, in the language asked, when that version has it.
  const playVersion = await playVersionOfCode(deps.db, row.id, code.id);
  const part =
    playVersion === null || playVersion === row.version
      ? replyParts(deps.db, row, replyLanguage(readGameContent(row), viewer.language, false)).playerPart
      : playerPartOf(deps.db, row, await contentOfVersion(deps.db, row, playVersion), viewer.language);
  // An event is a competition: its teams' phones get no answer hashes to try offline (the server judges
  // every answer), and a hint's text only once the team opened it.
  if (code.source === 'event') return sealedFor(deps.db, part, code.gameId, code.id);
  return code.source === 'trial' ? trialPartFor(deps.db, part, row, code.id) : part;
}

/**
 * A question a trial's phone may not read (DESIGN.md section 4): its id, `locked`, its condition and
 * its rules without their texts (the phone works out the flow as the server does), nothing else.
 */
function lockedQuestion(question: PlayerQuestion): PlayerQuestion {
  const then = question.then?.map((rule) => ({ ...rule, do: rule.do.filter((action) => !('say' in action)) })).filter((rule) => rule.do.length > 0);
  return {
    id: question.id,
    content: '',
    locked: true,
    answer: { salt: '', hashes: [], content: '', contentAfterAnswer: '' },
    hints: [],
    ...(question.when && { when: question.when }),
    ...(then && then.length > 0 && { then }),
  };
}

/** Trial replies by the player reply they lock and the questions they leave open: few plays, few shapes. */
const trialParts = new WeakMap<PreparedReply, Map<string, PreparedReply>>();

/**
 * The player reply for a trial code (game/trial.ts): the questions its play may open now (those begun,
 * and the next ones the flow offers while free questions remain) whole, every other one locked. It
 * follows the play, so the phone reads the game again as the play moves on (a 402 says when).
 */
async function trialPartFor(db: Db, part: PreparedReply, row: GameRow, codeId: string): Promise<PreparedReply> {
  const [play] = await db.select().from(plays).where(and(eq(plays.gameId, row.id), eq(plays.codeId, codeId)));
  const content = !play || play.gameVersion === row.version ? readGameContent(row) : (await contentOfVersion(db, row, play.gameVersion)).content;
  const state = { startTime: play?.startTime ?? null, endTime: play?.endTime ?? null, questions: progressQuestions(content.questions, play?.states ?? {}) };
  const { order, scoring, freeQuestions } = content.metadata;
  const open = trialOpenQuestions(content.questions, order, state, freeQuestions ?? 0, scoring);
  const key = [...open].sort().join(',');
  const byOpen = trialParts.get(part) ?? new Map<string, PreparedReply>();
  trialParts.set(part, byOpen);
  const kept = byOpen.get(key);
  if (kept) return kept;
  const questions = part.body.questions?.map((question) => (open.has(question.id) ? question : lockedQuestion(question)));
  const made = prepare({ ...part.body, questions });
  byOpen.set(key, made);
  return made;
}

const sealedParts = new WeakMap<PreparedReply, PreparedReply>();

/** A player reply without answer hashes (each answer its kind seals is asked of the server) nor hint texts. */
function sealed(part: PreparedReply): PreparedReply {
  const kept = sealedParts.get(part);
  if (kept) return kept;
  const questions = part.body.questions?.map((question) => {
    const { decimals: _decimals, ...answer } = question.answer;
    const hints = question.hints.map(({ id, title }) => ({ id, content: '', ...(title !== undefined && { title }), sealed: true as const }));
    if (!ANSWER_KIND_REGISTRY[answer.kind ?? 'text'].sealedInEvents) return { ...question, hints };
    // Nor the text after the answer (often the answer itself) of a question to answer, until the team's
    // answer is accepted; nor what its rules say then (a line of the story may tell the answer too). A
    // wrong try's words stay: they show at once, on the phone, and tell only that it was wrong.
    const { then, ...rest } = question;
    const says = (then ?? []).some((rule) => rule.on !== 'wrong' && rule.do.some((action) => 'say' in action));
    const kept = says ? then!.map((rule) => (rule.on === 'wrong' ? rule : { ...rule, do: rule.do.filter((action) => !('say' in action)) })).filter((rule) => rule.do.length > 0) : then;
    const after = answer.contentAfterAnswer.trim() === '' && !says ? {} : { contentAfterAnswer: '', contentAfterAnswerSealed: true as const };
    return { ...rest, ...(kept && kept.length > 0 && { then: kept }), hints, answer: { ...answer, hashes: [], askServer: true as const, ...after } };
  });
  const made = prepare({ ...part.body, questions });
  sealedParts.set(part, made);
  return made;
}

type StoredQuestionState = { openHints?: unknown; status?: unknown; photo?: { status?: unknown } };

/** The sealed reply with the texts of the hints this team's play has opened, and the texts after the answers it earned (its own reply: not kept). */
async function sealedFor(db: Db, part: PreparedReply, gameId: string, codeId: string): Promise<PreparedReply> {
  const closed = sealed(part);
  const [play] = await db.select({ states: plays.states }).from(plays).where(and(eq(plays.gameId, gameId), eq(plays.codeId, codeId)));
  const states = (play?.states ?? {}) as Record<string, StoredQuestionState | undefined>;
  const opened = new Set(Object.values(states).flatMap((state) => (Array.isArray(state?.openHints) ? state.openHints : [])));
  const earned = new Set(Object.entries(states).flatMap(([id, state]) => (afterTextOpen(state) ? [id] : [])));
  if (opened.size === 0 && earned.size === 0) return closed;
  const questions = closed.body.questions?.map((question, i) => {
    const full = part.body.questions?.[i];
    const { contentAfterAnswerSealed: _sealed, ...answer } = question.answer;
    return {
      ...question,
      hints: question.hints.map((hint, h) => (opened.has(hint.id) ? (full?.hints[h] ?? hint) : hint)),
      ...(full && earned.has(question.id) && { answer: { ...answer, contentAfterAnswer: full.answer.contentAfterAnswer }, ...(full.then && { then: full.then }) }),
    };
  });
  return prepare({ ...closed.body, questions });
}

/** Player replies of kept versions, by version and language: they never change, so only their size bounds the cache. */
const keptReplies = perOwner((_db: Db) => new TtlMap<string, PreparedReply>(10 * 60_000, 200, Date.now, { max: REPLY_CACHE_BYTES / 4, of: (part) => 4 * part.json.length }));

/** The player's reply of a kept version of the game in the language asked: its content, answers hashed with its own salt. */
function playerPartOf(db: Db, row: GameRow, version: GameVersion, asked: Language | undefined): PreparedReply {
  const language = replyLanguage(version.content, asked, false);
  if (version.version === row.version) return replyParts(db, row, language).playerPart;
  const cache = keptReplies(db);
  const key = `${row.id}@${version.version}|${language}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const { answerSalt } = version;
  const content = translatedContent(version.content, language);
  const hashes = hashesOf(version.content, answerSalt);
  const questions = content.questions.map((question, i) => playerQuestion(question, questionSalt(answerSalt, i), hashes[i]!, false));
  const part = prepare({ ...publicReply(row, content), questions });
  cache.set(key, part);
  return part;
}
