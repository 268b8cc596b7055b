import { randomBytes } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  toEditableGame,
  emptyGame,
  GAME_EXPORT_FORMAT,
  groupPriceError,
  GAME_EXPORT_VERSION,
  renameConditionQuestions,
  storedAnswerSchema,
  answerKindEntry,
  validateGame,
  withContentIds,
  translationErrors,
  freeQuestionsError,
  withComputedLanguages,
  withoutStaleTranslations,
  type EditableGame,
  type EditorGame,
  type GameExport,
  type GameStatusRequest,
  type MyGame,
  type SaveGameRequest,
} from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { games, media as mediaTable, users } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import type { AccessClaims } from '../../platform/auth.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { queueMail, type MailLog } from '../../platform/mail/mail-later.ts';
import { createGameCodes } from '../codes/service.ts';
import { findGame, forgetGame, readGameContent, readGameMetadata, type GameRow } from '../../db/game-rows.ts';
import { may } from '../../platform/policy.ts';
import { keepVersionForPlays } from '../games/versions.ts';
import { gameSentToApprovalEmail } from './emails.ts';
import { exportFileDisposition, readGameExport } from './export-file.ts';
import { writeGpx, writeKml } from './formats/write-map.ts';
import type { GameCleaner } from './clean-game.ts';
import { recordingKeys, type MediaUrlOptions } from './sanitize-content.ts';

/** What the studio's calls need from the app. */
export type StudioDeps = Pick<Services, 'db' | 'config' | 'mailer'> & { cleaner: GameCleaner };

const media = (deps: StudioDeps): MediaUrlOptions => ({ publicUrl: deps.config.publicUrl });

/** A new salt for the answer hashes (the column's default is made the same way by the database). */
export const newAnswerSalt = () => randomBytes(16).toString('hex');

/** A stored game's content as the editor edits it (and as export and duplicate copy it). */
const editableContent = (row: GameRow): EditableGame => toEditableGame(readGameContent(row));

/** A game may be sent to approval, and approved, only as the rules stand: else 422 with every error. */
export function assertSendable(row: GameRow): void {
  const errors = validateGame(editableContent(row));
  if (errors.length > 0) throw new AppError(422, 'validation', errors[0].message, { issues: errors });
}

export function toEditorGame(row: GameRow): EditorGame {
  return {
    ...editableContent(row),
    _id: row.id,
    userId: row.userId,
    status: row.status,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    reviewNote: row.reviewNote,
    nextVersionOf: row.nextVersionOf,
  };
}

/** The game, when the caller owns it or is an admin; to anyone else it does not exist (ids of others' games are not confirmed). */
async function findEditableGame(db: Db, caller: AccessClaims, gameId: string): Promise<GameRow> {
  const row = await findGame(db, gameId);
  if (!row || !may(caller, 'edit-game', row)) throw notFound('No such game');
  return row;
}

/**
 * A game's translations as sent (a save, an import): 400 naming the first text that is not the game's
 * (a key of no question, hint or option of it, the game's own language, answers the save refuses).
 */
function assertTranslationsFit(content: EditableGame): void {
  const errors = translationErrors(content);
  if (errors.length > 0) throw new AppError(400, 'validation', `${errors[0]!.path}: ${errors[0]!.message}`, { issues: errors });
}

/** 400 naming metadata.freeQuestions when a trial would offer more than half the questions (game/trial.ts). */
function assertFreeQuestionsFit(content: Pick<EditableGame, 'metadata' | 'questions'>): void {
  const error = freeQuestionsError(content.metadata.freeQuestions, content.questions.length);
  if (error) throw new AppError(400, 'validation', `metadata.freeQuestions: ${error}`, { issues: [{ path: 'metadata.freeQuestions', message: error }] });
}

/** The content as stored: its translations' stale texts dropped, the languages it has computed. */
const storable = (content: EditableGame): EditableGame => withComputedLanguages(withoutStaleTranslations(content));

/** Stores a new draft of `caller` with this content (already sanitized). */
async function insertDraft(db: Db, caller: AccessClaims, content: EditableGame): Promise<{ _id: string }> {
  const [row] = await db
    .insert(games)
    .values({ userId: caller.userId, status: 'DRAFT', version: 1, ...storable(content) })
    .returning({ id: games.id });
  return { _id: row.id };
}

/** POST /api/games/new: an empty draft in the caller's language. */
export async function createGame(deps: StudioDeps, caller: AccessClaims): Promise<{ _id: string }> {
  const [user] = await deps.db.select({ language: users.language }).from(users).where(eq(users.id, caller.userId));
  return insertDraft(deps.db, caller, emptyGame(user?.language ?? 'he'));
}

/** GET /api/games/my-games: the caller's own games, the latest change first. */
export async function listMyGames(db: Db, caller: AccessClaims): Promise<MyGame[]> {
  const rows = await db
    .select({
      id: games.id,
      status: games.status,
      metadata: games.metadata,
      updatedAt: games.updatedAt,
      nextVersionOf: games.nextVersionOf,
      // Counted in the database: the questions themselves are the bulk of a row.
      questionCount: sql<number>`case when jsonb_typeof(${games.questions}) = 'array' then jsonb_array_length(${games.questions}) else 0 end`.mapWith(Number),
    })
    .from(games)
    .where(eq(games.userId, caller.userId))
    .orderBy(desc(games.updatedAt), desc(games.id));
  return rows.map((row) => {
    const metadata = readGameMetadata(row.metadata);
    return {
      _id: row.id,
      status: row.status,
      metadata: { name: metadata.name, locationCity: metadata.locationCity, price: metadata.price, currencyCode: metadata.currencyCode },
      questionCount: row.questionCount,
      updatedAt: row.updatedAt.toISOString(),
      nextVersionOf: row.nextVersionOf,
    };
  });
}

/** What judging reads of each answer (not its texts), comparable between a save and the stored row. */
function judgedAnswers(answers: readonly unknown[]): string {
  return JSON.stringify(
    answers.map((stored) => {
      const read = storedAnswerSchema.safeParse(stored);
      if (!read.success) return null;
      return answerKindEntry(read.data).judged(read.data);
    }),
  );
}

/** Why this caller may not save this request over this row (the version it names, the rules it keeps), or null. */
function saveRefusal(
  row: Pick<GameRow, 'userId' | 'status' | 'version'> | undefined,
  caller: AccessClaims,
  request: Pick<SaveGameRequest, 'version' | 'metadata'>,
): AppError | null {
  const { version } = request;
  if (!row || !may(caller, 'edit-game', row)) return notFound('No such game');
  if (row.status !== 'DRAFT' && !may(caller, 'edit-non-draft-game')) {
    return forbidden(
      row.status === 'PENDING'
        ? 'This game is waiting for approval: take it back to draft to edit it'
        : 'This game is approved: only an admin may change it',
    );
  }
  if (version !== row.version) {
    return new AppError(409, 'conflict', 'Another save of this game came first: reload it to see the latest version before saving', {
      version: row.version,
    });
  }
  // A game already past the send to approval (waiting, or published: only an admin saves it then) keeps
  // the price-per-team rule that send checked: a published game is not checked again, a draft may be half done.
  const perTeam = row.status === 'DRAFT' ? null : groupPriceError(request.metadata);
  if (perTeam) return new AppError(400, 'validation', perTeam.message, { issues: [{ path: perTeam.path, message: perTeam.message }] });
  return null;
}

/**
 * POST /api/games/{gameId}: the editor's save. Only the owner or an admin; a game waiting for
 * approval or approved is changed by an admin only; the save must name the version it started from
 * (else 409 with the current version); a game past the send to approval keeps its minimum price per
 * team (else 400). Rich text is sanitized; the answer salt changes with the
 * answers; the status stays as it is (sending to approval is its own call).
 */
export async function saveGame(deps: StudioDeps, caller: AccessClaims, gameId: string, request: SaveGameRequest): Promise<EditorGame> {
  // Who may save is settled before the costly cleaning, so a save of someone else's game (or of
  // none) costs one small read. The transaction checks again: the row may change meanwhile.
  const [current] = await deps.db
    .select({ userId: games.userId, status: games.status, version: games.version })
    .from(games)
    .where(eq(games.id, gameId));
  const early = saveRefusal(current, caller, request);
  if (early) throw early;
  const sent = { metadata: request.metadata, introPage: request.introPage, questions: withContentIds(request.questions), gameoverPage: request.gameoverPage };
  // A client written to the spec sends no translations: the stored ones are kept (what the game still has of them).
  if (request.translations) assertTranslationsFit({ ...sent, translations: request.translations });
  assertFreeQuestionsFit(sent);
  const cleaned = await deps.cleaner.clean({ ...sent, ...(request.translations && { translations: request.translations }) }, media(deps));
  await assertOwnRecordings(deps.db, current!.userId, cleaned);
  const saved = await deps.db.transaction(async (tx) => {
    // Locked: two saves of one version cannot both pass the version check. The content is not read
    // back (nor returned below): the answers are compared in the database, and the reply is the
    // content just written. A megabyte of content crosses to the database once, not three times.
    const [row] = await tx
      .select({
        userId: games.userId,
        status: games.status,
        version: games.version,
        translations: games.translations,
        // The answers without their texts (which may be long): what the salt's renewal compares.
        answers: sql<string>`(select coalesce(jsonb_agg((q->'answer') - 'content' - 'contentAfterAnswer' order by n), '[]'::jsonb)::text from jsonb_array_elements(${games.questions}) with ordinality as t(q, n))`,
      })
      .from(games)
      .where(eq(games.id, gameId))
      .for('update');
    const refusal = saveRefusal(row, caller, request);
    if (refusal) throw refusal;
    const content = storable(request.translations ? cleaned : { ...cleaned, translations: readGameContent({ ...cleaned, translations: row.translations }).translations });
    // Plays keep the version they started on: one this save replaces is kept for them.
    await keepVersionForPlays(tx, gameId, row.version);
    const answersChanged = judgedAnswers(JSON.parse(row.answers) as unknown[]) !== judgedAnswers(content.questions.map((q) => q.answer));
    const [updated] = await tx
      .update(games)
      .set({ ...content, translations: content.translations ?? {}, version: row.version + 1, updatedAt: new Date(), ...(answersChanged && { answerSalt: newAnswerSalt() }) })
      .where(eq(games.id, gameId))
      .returning(scalarColumns);
    return { ...updated, ...content, translations: content.translations ?? {} };
  });
  forgetGame(deps.db, gameId);
  return toEditorGame(saved);
}

/** A game row's columns but its content (metadata, intro, questions, game over, translations). */
const { metadata: _metadata, introPage: _introPage, questions: _questions, gameoverPage: _gameoverPage, translations: _translations, ...scalarColumns } = getTableColumns(games);

/** Refusals of a status change that its current status does not allow. */
function statusRefusal(from: GameRow['status'], to: GameStatusRequest['status'], caller: AccessClaims): AppError | null {
  if (to === 'PENDING') {
    if (from === 'PENDING') return conflict('This game is already waiting for approval');
    if (from === 'APPROVED') return conflict('This game is already approved');
    return null;
  }
  if (from === 'DRAFT') return conflict('This game is already a draft');
  if (from === 'APPROVED' && !may(caller, 'reopen-approved-game')) return forbidden('This game is approved: only an admin may take it back to draft');
  return null;
}

/**
 * POST /api/games/status/{gameId}. PENDING sends a draft to approval: the shared validation must
 * pass (else 422 with every error), then every admin is emailed, in the admin's language (queued
 * before the reply). DRAFT takes a pending game back to edit it (an approved one: admins only). The spec's
 * client sends notifyAdmin: true; admins are told of every game sent, so it changes nothing.
 */
export async function setGameStatus(
  deps: StudioDeps,
  caller: AccessClaims,
  gameId: string,
  request: GameStatusRequest,
  log: MailLog,
): Promise<EditorGame> {
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
    if (!row || !may(caller, 'edit-game', row)) throw notFound('No such game');
    const refusal = statusRefusal(row.status, request.status, caller);
    if (refusal) throw refusal;
    if (request.status === 'PENDING') assertSendable(row);
    const now = new Date();
    // The version sent is the one an approval without a version approves. The admins are emailed
    // at most once an hour per game: sending, taking back and sending again mailed each time.
    const mailAdmins = request.status === 'PENDING' && (!row.approvalMailedAt || now.getTime() - row.approvalMailedAt.getTime() >= APPROVAL_MAIL_INTERVAL_MS);
    const sent = request.status === 'PENDING' ? { sentVersion: row.version, ...(mailAdmins && { approvalMailedAt: now }) } : {};
    const [updated] = await tx.update(games).set({ status: request.status, updatedAt: now, ...sent }).where(eq(games.id, gameId)).returning();
    return { updated, mailAdmins };
  });
  forgetGame(deps.db, gameId);
  if (changed.mailAdmins) await queueMail(log, () => emailAdminsOfPendingGame(deps, changed.updated));
  return toEditorGame(changed.updated);
}

/** The shortest time between two mails to the admins about one game waiting for approval. */
const APPROVAL_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/** Every admin gets one email; one failed send does not stop the others (and is logged). */
async function emailAdminsOfPendingGame(deps: StudioDeps, game: GameRow): Promise<void> {
  const admins = await deps.db.select({ email: users.email, language: users.language }).from(users).where(eq(users.role, 'admin'));
  const [owner] = await deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, game.userId));
  const gameName = readGameContent(game).metadata.name;
  const creatorName = owner ? `${owner.firstName} ${owner.lastName}`.trim() : '';
  const link = `${deps.config.publicUrl}/game-editor/${game.id}`;
  const sent = await Promise.allSettled(
    admins.map((admin) => deps.mailer.send({ to: admin.email, ...gameSentToApprovalEmail({ gameName, creatorName, link, language: admin.language }) })),
  );
  const failed = sent.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** POST /api/game/secret-code: one new code of the game; the owner's is a 'creator' code, an admin's an 'admin' one. */
export async function createSecretCode(db: Db, caller: AccessClaims, gameId: string): Promise<string> {
  const row = await findEditableGame(db, caller, gameId);
  const [code] = await createGameCodes(db, {
    gameId: row.id,
    count: 1,
    source: row.userId === caller.userId ? 'creator' : 'admin',
    createdBy: caller.userId,
  });
  return code.code;
}

const COPY_SUFFIX = { he: ' (עותק)', en: ' (copy)' } as const;
const MAX_NAME = 200;

/** POST /api/games/duplicate/{gameId}: a new draft of the caller with the same content, named as a copy. */
export async function duplicateGame(deps: StudioDeps, caller: AccessClaims, gameId: string): Promise<{ _id: string }> {
  const content = editableContent(await findEditableGame(deps.db, caller, gameId));
  const suffix = COPY_SUFFIX[content.metadata.language];
  const name = `${content.metadata.name.slice(0, MAX_NAME - suffix.length)}${suffix}`;
  // A copy is another game: its questions and hints get ids of their own, and its conditions follow them.
  const fresh = withContentIds(content.questions, { fresh: true });
  const renamed = new Map<string, string>();
  content.questions.forEach((q, i) => {
    // A condition names the first question of an id (as flow reads it).
    if (!renamed.has(q.id)) renamed.set(q.id, fresh[i]!.id);
  });
  const questions = fresh.map((q) => (q.when ? { ...q, when: renameConditionQuestions(q.when, renamed) } : q));
  return insertDraft(deps.db, caller, await deps.cleaner.clean({ ...content, metadata: { ...content.metadata, name }, questions }, media(deps)));
}

/** GET /api/games/export-map/{gameId}?format=: the game's map as GPX or KML, as an attachment named after the game. */
export async function exportMap(deps: StudioDeps, caller: AccessClaims, gameId: string, format: 'gpx' | 'kml') {
  const content = editableContent(await findEditableGame(deps.db, caller, gameId));
  const text = format === 'gpx' ? writeGpx(content) : writeKml(content);
  return { text, disposition: exportFileDisposition(content.metadata.name, format) };
}

/** GET /api/games/export/{gameId}: the export file, our own media addresses made absolute so the file travels. */
export async function exportGame(deps: StudioDeps, caller: AccessClaims, gameId: string): Promise<{ file: GameExport; disposition: string }> {
  const content = editableContent(await findEditableGame(deps.db, caller, gameId));
  const file: GameExport = {
    format: GAME_EXPORT_FORMAT,
    version: GAME_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    game: await deps.cleaner.clean(content, { ...media(deps), absolute: true }),
  };
  return { file, disposition: exportFileDisposition(content.metadata.name) };
}

/** POST /api/games/import: an export file becomes a new draft of the caller (400 naming the problem when it does not read). */
export async function importGame(deps: StudioDeps, caller: AccessClaims, file: unknown): Promise<{ _id: string }> {
  const { game } = readGameExport(file);
  // A file made before ids has none: each question and hint gets one (those it has are kept).
  const content = { ...game, questions: withContentIds(game.questions) };
  assertTranslationsFit(content);
  assertFreeQuestionsFit(content);
  const cleaned = await deps.cleaner.clean(content, media(deps));
  await assertOwnRecordings(deps.db, caller.userId, cleaned);
  return insertDraft(deps.db, caller, cleaned);
}

/**
 * A game's recordings (DESIGN.md section 16) are its owner's own uploads of recordings (else 400):
 * a recording is played as the creator's voice, so it may not be someone else's file, nor a video.
 */
async function assertOwnRecordings(db: Db, ownerId: string, game: EditableGame): Promise<void> {
  const keys = recordingKeys(game);
  if (keys.length === 0) return;
  const rows = await db
    .select({ key: mediaTable.storageKey })
    .from(mediaTable)
    .where(and(eq(mediaTable.userId, ownerId), eq(mediaTable.resourceType, 'audio'), inArray(mediaTable.storageKey, keys)));
  const own = new Set(rows.map((row) => row.key));
  const missing = keys.find((key) => !own.has(key));
  if (missing) throw new AppError(400, 'validation', `/media/${missing} is not one of the game owner's uploaded recordings`);
}

