import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import yazl from 'yazl';
import { zipEntryName } from './zip-entry-name.ts';
import { MAX_PHOTOS_PER_PLAY, MAX_PHOTOS_PER_QUESTION, needsPresenceCode, PHOTO_MAX_SIDE, SCORE_PER_DONE_QUESTION, visibleText, type GameContent, type JudgePhotoRequest, type PhotoState, type PlayPhoto, type Progress } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { eventTeams, gameCodes, games, playPhotos } from '../../db/schema.ts';
import { findEvent, teamOfCode } from '../events/team-of-code.ts';
import { removePhotoFiles } from './photo-files.ts';
import { findGameForPlayers, readGameContent } from '../../db/game-rows.ts';
import type { AccessClaims } from '../../platform/auth.ts';
import { may } from '../../platform/policy.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { signer } from '../../platform/signing.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { GameCode } from '../codes/service.ts';
import { assertTrialTakesPhoto, isPlayableNow, playOfCode, setPhotoState } from '../plays/photo-states.ts';
import { assertTrialRunning } from '../plays/trial-gate.ts';
import type { PlaysDeps } from '../plays/service.ts';
import { usedBytes } from '../media/upload.ts';
import { progressQuestions } from '../plays/play-states.ts';

/**
 * Photo tasks: a team's photo for a photo question is re-encoded (no metadata: the EXIF position goes),
 * kept under a key no one can guess in a folder GET /media/* refuses, and served only through a link
 * signed for a caller allowed to see it: the team (its code), the game's creator, the event's
 * organiser, an admin. Its judgement lives in play_photos and, for the score, in the play's states.
 */
export type PhotosDeps = {
  db: Db;
  storage: Storage;
  plays: PlaysDeps;
  jwtSecret: string;
  /** MEDIA_QUOTA_BYTES: the game creator's storage, photos of its plays included. */
  quotaBytes: number;
  log: Pick<FastifyBaseLogger, 'error'>;
};

/** Stored photos live here, out of reach of the public GET /media/* (media/routes.ts refuses it). */
export const PLAY_PHOTOS_FOLDER = 'play-photos';
/** A signed link works this long (at least; it is cut at whole hours so a browser may keep the image). */
const LINK_HOURS = 2;
const JPEG_QUALITY = 82;
/** Decoding stops above this many pixels, so a small file cannot unpack into gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;
const TITLE_CHARACTERS = 60;

type PhotoRow = typeof playPhotos.$inferSelect;

const notAnImage = () => new AppError(415, 'validation', 'This file is not an image we can use (JPEG, PNG, WebP, AVIF or HEIF)');

/** The photo as it is kept: upright, at most PHOTO_MAX_SIDE on its long side, JPEG, and no metadata at all (sharp keeps none unless asked). */
async function encodePhoto(data: Uint8Array): Promise<Buffer> {
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (!['jpeg', 'png', 'webp', 'avif', 'heif'].includes(format ?? '')) throw new Error(`not a photo: ${format}`);
    return await image
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

// Signed under the secret itself, its purpose leading the message, rather than under a purpose key
// of its own: links already handed out keep working.
const linkMessage = (photoId: string, expires: number) => `play-photo\n${photoId}\n${expires}`;

/** The photo's link for a caller already found allowed to see it. */
export function signedUrl(secret: string, photoId: string, now = Date.now()): string {
  const hour = 3_600_000;
  const expires = Math.ceil(now / hour) * hour + LINK_HOURS * hour;
  return `/api/play-photos/${photoId}/image?expires=${expires}&sig=${signer(secret).sign(linkMessage(photoId, expires))}`;
}

/** Whether a link's signature is this photo's and has not expired. */
export function isSignedLink(secret: string, photoId: string, expires: number, sig: string, now = Date.now()): boolean {
  if (!Number.isSafeInteger(expires) || expires < now) return false;
  return signer(secret).verify(linkMessage(photoId, expires), sig);
}

const stateOf = (row: Pick<PhotoRow, 'status' | 'points' | 'comment' | 'judgedAt'>): PhotoState => ({
  status: row.status,
  ...(row.points !== null && { points: row.points }),
  ...(row.comment !== null && row.comment !== '' && { comment: row.comment }),
  ...(row.status !== 'pending' && row.judgedAt !== null && { judgedAt: row.judgedAt.toISOString() }),
});

const tooManyPhotos = (message: string) => new AppError(409, 'too_many_photos', message);

/** A play sends at most MAX_PHOTOS_PER_PLAY photos, and MAX_PHOTOS_PER_QUESTION for one question (`retaking`: its row). */
async function checkPhotoCount(db: Db, playId: string, retaking: PhotoRow | null): Promise<void> {
  if (retaking && retaking.takes >= MAX_PHOTOS_PER_QUESTION) throw tooManyPhotos(`A question takes at most ${MAX_PHOTOS_PER_QUESTION} photos`);
  const [sent] = await db.select({ takes: sql<string>`coalesce(sum(${playPhotos.takes}), 0)` }).from(playPhotos).where(eq(playPhotos.playId, playId));
  if (Number(sent?.takes ?? 0) >= MAX_PHOTOS_PER_PLAY) throw tooManyPhotos(`A game takes at most ${MAX_PHOTOS_PER_PLAY} photos`);
}

/** The photos of a game's plays are stored for its creator: they count in the creator's quota (MEDIA_QUOTA_BYTES), as uploads do. */
async function checkOwnerQuota(deps: PhotosDeps, code: GameCode, adding: number): Promise<void> {
  const [game] = await deps.db.select({ userId: games.userId }).from(games).where(eq(games.id, code.gameId));
  if (!game || adding <= 0) return;
  if ((await usedBytes(deps.db, game.userId)) + adding > deps.quotaBytes) {
    throw new AppError(413, 'quota', 'The storage of this game’s creator is full: no more photos can be kept for now');
  }
}

/**
 * The photo as kept (encodePhoto), within the game creator's quota (`replacing`: the bytes of the
 * photo it takes the place of), stored under a key no one can guess; `accepted`: at once, outside
 * events, for a question judged on upload.
 */
async function storePhotoFile(deps: PhotosDeps, code: GameCode, question: GameContent['questions'][number], data: Uint8Array, replacing = 0): Promise<{ key: string; bytes: number; accepted: boolean }> {
  const photo = await encodePhoto(data);
  await checkOwnerQuota(deps, code, photo.length - replacing);
  const key = `${PLAY_PHOTOS_FOLDER}/${randomBytes(16).toString('hex')}.jpg`;
  await deps.storage.put(key, photo);
  const inEvent = code.source === 'event' && (await teamOfCode(deps.db, code.id)) !== null;
  return { key, bytes: photo.length, accepted: !inEvent && question.answer.kind === 'photo' && question.answer.judging === 'on-upload' };
}

/**
 * POST /api/play-photos: the team's photo for a photo question of its play (started, not over). The
 * question's photo stays once sent: the same upload again (a phone's retry after a dropped reply)
 * changes nothing and gets the progress; only a rejected photo is taken again, in its place
 * (retakePhoto). Outside events a question judged 'on-upload' is accepted at once.
 */
export async function uploadPlayPhoto(deps: PhotosDeps, code: GameCode, input: { questionId: string; data: Uint8Array }): Promise<Progress> {
  await deps.plays.playGate(code);
  assertTrialRunning(code);
  const { play, content } = await playOfCode(deps.db, code);
  if (!play?.startTime) throw conflict('The game has not started for this code yet: start it first');
  if (play.endTime) throw conflict('This play has ended');
  const index = content.questions.findIndex((question) => question.id === input.questionId);
  const question = content.questions[index];
  if (!question) throw notFound('No such question in the version this play is on');
  if (question.answer.kind !== 'photo') throw badRequest('This question takes no photo', 'bad_answer');
  // A question the game's flow does not open yet takes no photo (nothing is stored).
  if (!isPlayableNow(content, play, question.id)) {
    throw new AppError(409, 'not_playable', "This question is not open yet: the game's order or its conditions do not open it");
  }
  assertTrialTakesPhoto(code, content, play, question.id);
  const [kept] = await deps.db.select().from(playPhotos).where(and(eq(playPhotos.playId, play.id), eq(playPhotos.questionId, question.id)));
  // A rejected photo may be taken again while the team plays; any other is the question's photo.
  if (kept?.status === 'rejected') return retakePhoto(deps, code, kept, { question, data: input.data, playId: play.id });
  if (kept) return setPhotoState(deps.plays, code, { questionId: question.id, photo: stateOf(kept), arrived: true });
  const status = progressQuestions(content.questions, play.states)[index]?.status;
  if (status === 'SOLUTION' || status === 'SKIPPED') throw conflict('This question was skipped');
  // A question that opens with its spot's QR code takes no photo before the code opened it.
  if (status === null && needsPresenceCode(question.presence)) throw new AppError(422, 'presence_required', 'This question opens with the code of the QR sign at its spot: open it first');

  await checkPhotoCount(deps.db, play.id, null);
  const { key, bytes, accepted } = await storePhotoFile(deps, code, question, input.data);
  const [row] = await deps.db
    .insert(playPhotos)
    .values({
      playId: play.id,
      codeId: code.id,
      questionId: question.id,
      mediaKey: key,
      bytes,
      status: accepted ? 'accepted' : 'pending',
      ...(accepted && { points: SCORE_PER_DONE_QUESTION, judgedAt: new Date() }),
    })
    .onConflictDoNothing()
    .returning();
  let stored = row;
  if (!stored) {
    // Another device of the team sent its photo first: that one counts (a file that cannot be removed is logged).
    await removePhotoFiles(deps.storage, deps.log, [key]);
    [stored] = await deps.db.select().from(playPhotos).where(and(eq(playPhotos.playId, play.id), eq(playPhotos.questionId, question.id)));
  }
  return setPhotoState(deps.plays, code, { questionId: question.id, photo: stateOf(stored!), arrived: true });
}

/**
 * A photo taken again for a rejected one: it takes the rejected one's place (the stored file goes) and
 * waits for a verdict anew, or is accepted at once outside events for a question judged on upload.
 * Two phones of the team sending one at once: the first replaces it, the other's changes nothing.
 */
async function retakePhoto(deps: PhotosDeps, code: GameCode, rejected: PhotoRow, input: { question: GameContent['questions'][number]; data: Uint8Array; playId: string }): Promise<Progress> {
  await checkPhotoCount(deps.db, input.playId, rejected);
  const { key, bytes, accepted } = await storePhotoFile(deps, code, input.question, input.data, rejected.bytes);
  const [row] = await deps.db
    .update(playPhotos)
    .set({
      mediaKey: key,
      bytes,
      takes: sql`${playPhotos.takes} + 1`,
      status: accepted ? 'accepted' : 'pending',
      points: accepted ? SCORE_PER_DONE_QUESTION : null,
      comment: null,
      judgedAt: accepted ? new Date() : null,
      createdAt: new Date(),
    })
    .where(and(eq(playPhotos.id, rejected.id), eq(playPhotos.status, 'rejected'), eq(playPhotos.mediaKey, rejected.mediaKey)))
    .returning();
  // The file no row holds any more; the retake is stored already, so a storage error is logged, never a failure.
  await removePhotoFiles(deps.storage, deps.log, [row ? rejected.mediaKey : key]);
  const [now] = row ? [row] : await deps.db.select().from(playPhotos).where(eq(playPhotos.id, rejected.id));
  return setPhotoState(deps.plays, code, { questionId: input.question.id, photo: stateOf(now), arrived: true });
}

type PhotoContext = {
  row: PhotoRow;
  code: GameCode;
  gameId: string;
  ownerId: string;
  team: Awaited<ReturnType<typeof teamOfCode>> | null;
};

async function photoContext(db: Db, photoId: string): Promise<PhotoContext | null> {
  const [found] = await db
    .select({ row: playPhotos, code: gameCodes, ownerId: games.userId })
    .from(playPhotos)
    .innerJoin(gameCodes, eq(gameCodes.id, playPhotos.codeId))
    .innerJoin(games, eq(games.id, gameCodes.gameId))
    .where(eq(playPhotos.id, photoId));
  if (!found) return null;
  const team = found.code.source === 'event' ? await teamOfCode(db, found.code.id) : null;
  return { row: found.row, code: found.code, gameId: found.code.gameId, ownerId: found.ownerId, team };
}

/** Who judges (policy.ts): in an event its organiser; outside events the game's creator; an admin always. */
const mayJudge = (caller: AccessClaims, ctx: PhotoContext) => may(caller, 'judge-photo', { event: ctx.team?.event ?? null, game: { userId: ctx.ownerId } });

/** The question's number and first words, on the current version or else on the play's own. */
async function questionLabels(db: Db, gameId: string, codes: readonly GameCode[]): Promise<(codeId: string, questionId: string) => { number: number; title: string }> {
  const game = await findGameForPlayers(db, gameId);
  const current = game ? readGameContent(game) : null;
  const own = new Map<string, GameContent>();
  for (const code of codes) {
    const { play, content } = await playOfCode(db, code);
    if (play && content !== current) own.set(code.id, content);
  }
  return (codeId, questionId) => {
    const content = own.get(codeId) ?? current;
    const index = content?.questions.findIndex((question) => question.id === questionId) ?? -1;
    if (!content || index === -1) return { number: 0, title: '' };
    return { number: index + 1, title: visibleText(content.questions[index].content).slice(0, TITLE_CHARACTERS).trim() };
  };
}

type ListedRow = { row: PhotoRow; code: GameCode; teamId: string | null; teamName: string | null };

async function toPhotos(deps: PhotosDeps, gameId: string, rows: readonly ListedRow[]): Promise<PlayPhoto[]> {
  if (rows.length === 0) return [];
  const codes = [...new Map(rows.map(({ code }) => [code.id, code])).values()];
  const label = await questionLabels(deps.db, gameId, codes);
  return rows.map(({ row, code, teamId, teamName }) => {
    const { number, title } = label(code.id, row.questionId);
    return {
      id: row.id,
      gameId,
      questionId: row.questionId,
      questionNumber: number,
      questionTitle: title,
      teamId,
      teamName,
      code: code.code,
      status: row.status,
      points: row.points,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
      judgedAt: row.judgedAt?.toISOString() ?? null,
      url: signedUrl(deps.jwtSecret, row.id),
    };
  });
}

/** POST /api/play-photos/{photoId}/judge: accepted with points (the question's when none are given) or rejected, with a word for the team. */
export async function judgePhoto(deps: PhotosDeps, caller: AccessClaims, photoId: string, input: JudgePhotoRequest): Promise<PlayPhoto> {
  const ctx = await photoContext(deps.db, photoId);
  // Whether it exists is nobody else's business.
  if (!ctx || !mayJudge(caller, ctx)) throw notFound('No such photo');
  const accepted = input.status === 'accepted';
  const [row] = await deps.db
    .update(playPhotos)
    .set({ status: input.status, points: accepted ? (input.points ?? SCORE_PER_DONE_QUESTION) : null, comment: input.comment || null, judgedAt: new Date() })
    .where(eq(playPhotos.id, photoId))
    .returning();
  await setPhotoState(deps.plays, ctx.code, { questionId: row.questionId, photo: stateOf(row), arrived: false });
  const [photo] = await toPhotos(deps, ctx.gameId, [{ row, code: ctx.code, teamId: ctx.team?.team.id ?? null, teamName: ctx.team?.team.name ?? null }]);
  return photo;
}

/**
 * The event, when the caller may organise it, else 404. Its routes' `organiser` rule decided this
 * already, through the same cached read, so asking again costs no query.
 */
async function organisersEvent(db: Db, caller: AccessClaims, eventId: string) {
  const row = await findEvent(db, eventId);
  if (!row || !may(caller, 'organise-event', row.event)) throw notFound('No such event');
  return row.event;
}

async function eventPhotoRows(db: Db, eventId: string): Promise<ListedRow[]> {
  return db
    .select({ row: playPhotos, code: gameCodes, teamId: eventTeams.id, teamName: eventTeams.name })
    .from(playPhotos)
    .innerJoin(eventTeams, eq(eventTeams.codeId, playPhotos.codeId))
    .innerJoin(gameCodes, eq(gameCodes.id, playPhotos.codeId))
    .where(eq(eventTeams.eventId, eventId))
    .orderBy(asc(playPhotos.createdAt), asc(playPhotos.id));
}

/** GET /api/events/{eventId}/photos: every team's photos, oldest first (the organiser's, or an admin's). */
export async function eventPhotos(deps: PhotosDeps, caller: AccessClaims, eventId: string): Promise<PlayPhoto[]> {
  const event = await organisersEvent(deps.db, caller, eventId);
  return toPhotos(deps, event.gameId, await eventPhotoRows(deps.db, event.id));
}

/** GET /api/play-photos/pending: photos of the caller's games played outside events that wait for them, oldest first. */
export async function pendingPhotos(deps: PhotosDeps, caller: AccessClaims, gameId?: string): Promise<PlayPhoto[]> {
  const rows = await deps.db
    .select({ row: playPhotos, code: gameCodes })
    .from(playPhotos)
    .innerJoin(gameCodes, eq(gameCodes.id, playPhotos.codeId))
    .innerJoin(games, eq(games.id, gameCodes.gameId))
    .leftJoin(eventTeams, eq(eventTeams.codeId, playPhotos.codeId))
    .where(
      and(
        eq(playPhotos.status, 'pending'),
        isNull(eventTeams.id),
        eq(games.userId, caller.userId),
        gameId === undefined ? undefined : eq(games.id, gameId),
      ),
    )
    .orderBy(asc(playPhotos.createdAt), asc(playPhotos.id));
  const byGame = new Map<string, ListedRow[]>();
  for (const { row, code } of rows) byGame.set(code.gameId, [...(byGame.get(code.gameId) ?? []), { row, code, teamId: null, teamName: null }]);
  const lists = await Promise.all([...byGame].map(([id, list]) => toPhotos(deps, id, list)));
  return lists.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** POST /api/play-photos/mine: the team's own photos (the code is the key). */
export async function teamPhotos(deps: PhotosDeps, code: GameCode): Promise<PlayPhoto[]> {
  const team = code.source === 'event' ? await teamOfCode(deps.db, code.id) : null;
  const rows = await deps.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id)).orderBy(asc(playPhotos.createdAt));
  return toPhotos(deps, code.gameId, rows.map((row) => ({ row, code, teamId: team?.team.id ?? null, teamName: team?.team.name ?? null })));
}

/** GET /api/play-photos/{photoId}/image: the JPEG, for a link signed for an allowed caller. */
export async function readPhotoImage(deps: PhotosDeps, input: { photoId: string; expires: number; sig: string }): Promise<Buffer> {
  if (!isSignedLink(deps.jwtSecret, input.photoId, input.expires, input.sig)) throw new AppError(403, 'invalid_token', 'This photo link is not valid (or has expired)');
  const [row] = await deps.db.select({ key: playPhotos.mediaKey }).from(playPhotos).where(eq(playPhotos.id, input.photoId));
  const body = row && (await deps.storage.get(row.key));
  if (!body) throw notFound('No such photo');
  return body;
}

/**
 * GET /api/events/{eventId}/photos/zip: every photo of the event as `<team name>/<question number>-<title>.jpg`,
 * streamed: each file is read from storage only when the zip reaches it.
 */
export async function eventPhotosZip(deps: PhotosDeps, caller: AccessClaims, eventId: string): Promise<{ name: string; stream: Readable }> {
  const event = await organisersEvent(deps.db, caller, eventId);
  const photos = await toPhotos(deps, event.gameId, await eventPhotoRows(deps.db, event.id));
  const keys = new Map((await deps.db.select({ id: playPhotos.id, key: playPhotos.mediaKey }).from(playPhotos).where(inArray(playPhotos.id, photos.map((p) => p.id)))).map((r) => [r.id, r.key]));
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  for (const photo of photos) {
    const folder = zipEntryName(photo.teamName ?? '', photo.code);
    const base = `${folder}/${photo.questionNumber}-${zipEntryName(photo.questionTitle, 'photo')}`;
    let name = `${base}.jpg`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n}).jpg`;
    used.add(name.toLowerCase());
    const key = keys.get(photo.id)!;
    // JPEG is compressed already: stored as it is.
    zip.addReadStreamLazy(name, { compress: false, mtime: new Date(photo.createdAt) }, (done) => {
      deps.storage.read(key).then(
        (stream) => (stream ? done(null, stream) : done(new Error(`photo ${photo.id} is missing from storage`), undefined as never)),
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  zip.end();
  return { name: `${zipEntryName(event.name, 'event')}-photos.zip`, stream: zip.outputStream as Readable };
}
