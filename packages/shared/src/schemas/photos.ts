import { z } from 'zod';
import { idSchema, lineText } from './common.ts';
import { MAX_PHOTO_COMMENT, MAX_PHOTO_POINTS, PHOTO_STATUSES, playGrantSchema, secretCodeSchema } from './play.ts';

/**
 * Photo tasks (answer kind `photo`): the team's phone uploads one photo per question; a person judges
 * it (the event's organiser, or outside events the game's creator when the question says 'later').
 */

/** The largest photo the upload takes; the phone shrinks its pictures to well under this first. */
export const MAX_PHOTO_UPLOAD_BYTES = 8 * 1024 * 1024;
/** The longest side of a stored photo, in pixels (the phone shrinks to this too). */
export const PHOTO_MAX_SIDE = 1600;
/** Photos a team may send for one question: the first and the retakes of rejected ones (409 `too_many_photos` after). */
export const MAX_PHOTOS_PER_QUESTION = 5;
/** Photos a play may send in all, over every question (409 `too_many_photos` after). */
export const MAX_PHOTOS_PER_PLAY = 60;

/** POST /api/play-photos/mine: the team's own photos. */
export const playPhotosRequestSchema = z.object({ gameId: idSchema, secretCode: secretCodeSchema, grant: playGrantSchema.optional() });

/** POST /api/play-photos/{photoId}/judge: accepted (with points; the question's points when none) or rejected, and a word back. */
export const judgePhotoSchema = z.object({
  status: z.enum(['accepted', 'rejected']),
  points: z.number().int().min(0).max(MAX_PHOTO_POINTS).optional(),
  comment: lineText().trim().max(MAX_PHOTO_COMMENT).optional(),
});
export type JudgePhotoRequest = z.infer<typeof judgePhotoSchema>;

/** One photo as its judge (or its team) sees it; `url` is signed for the caller and works for a while. */
const playPhotoSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  questionId: z.string(),
  /** From 1, in the version the play is on. */
  questionNumber: z.number().int(),
  /** The question's first words, plain text. */
  questionTitle: z.string(),
  /** The event's team, when the code is one. */
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  /** The play's code (shown to the judge outside events, where there is no team name). */
  code: z.string(),
  status: z.enum(PHOTO_STATUSES),
  points: z.number().int().nullable(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  judgedAt: z.string().nullable(),
  url: z.string(),
});
export type PlayPhoto = z.infer<typeof playPhotoSchema>;
export const playPhotosReplySchema = z.object({ data: z.array(playPhotoSchema) });
export const playPhotoReplySchema = z.object({ data: playPhotoSchema });

/** GET /api/play-photos/pending?gameId=: the photos waiting for the caller's judgement outside events. */
export const pendingPhotosQuerySchema = z.object({ gameId: idSchema.optional() });
