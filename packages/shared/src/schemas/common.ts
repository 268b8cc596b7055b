import { z } from 'zod';

/** Every API error body (DESIGN.md section 10). */
export const errorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** A 409 of a call that names a game's version (a save, an approval): the version stored now. */
export const versionConflictReplySchema = errorReplySchema.extend({ version: z.number().int().optional() });

export type ErrorCode =
  | 'validation'
  | 'bad_json'
  | 'payload_too_large'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  /** Too many wrong guesses at one question of a play for now (429): the player waits; a guess refused so is not kept. */
  | 'too_many_guesses'
  | 'need_email_validate'
  | 'wrong_credentials'
  | 'email_taken'
  | 'invalid_token'
  | 'wrong_code'
  /** A real code that was stopped (its purchase refunded): 410, not a wrong code. */
  | 'code_refunded'
  /** A live event's team that its organiser disqualified: 403, so a phone says so rather than 'wrong code'. */
  | 'team_disqualified'
  | 'wrong_answer'
  /** What was sent cannot be an answer of the question's kind (no number, no such option). */
  | 'bad_answer'
  /** The code sent as proof of being at a question's spot is not its code (game/presence.ts). */
  | 'wrong_presence_code'
  /** The question opens only with its spot code, and none was sent. */
  | 'presence_required'
  | 'conflict'
  /** A game asked for in a language it is not offered in (its translation not complete): 404, the phone falls back to the original. */
  | 'language_not_ready'
  /** An upload past the user's storage quota (a team's photo: past the game creator's). */
  | 'quota'
  /** A play's photos past MAX_PHOTOS_PER_PLAY, or a question's past MAX_PHOTOS_PER_QUESTION. */
  | 'too_many_photos'
  /** A photo for a question of a game played in order that the team has not reached yet. */
  | 'not_playable'
  /** An upload that looks like a video but no parser reads one in it. */
  | 'bad_video'
  /** An upload that looks like a recording (MP3, M4A, Ogg) but no parser reads audio alone in it. */
  | 'bad_audio'
  /** A recording longer than MAX_AUDIO_DURATION_MS. */
  | 'too_long'
  /** A purchase past its 14 days: no cancellation (409). */
  | 'too_late'
  /** A purchase whose code (or an event team's code) was used: no cancellation or refund (409). */
  | 'code_used'
  /** A purchase refunded already: a second cancellation or refund changes nothing (409). */
  | 'already_refunded'
  /** A purchase not paid (pending, declined) or free: nothing to cancel (409). */
  | 'not_paid'
  /** A trial code's play reached a question its trial does not cover (402): buy the game to go on. */
  | 'payment_required'
  /** This phone or account already tried this game (409). */
  | 'trial_used'
  /** A game that offers no trial: free, or no free questions (409). */
  | 'no_trial'
  /** A trial code past its 24 hours (410). */
  | 'trial_expired'
  | 'unavailable'
  | 'internal';

/*
 * Every text a client sends starts from one of these two, never from a bare z.string().
 * C0 control characters (U+0000-U+001F) and DEL (U+007F) belong in no name, code or line, and
 * PostgreSQL refuses NUL in text outright (a 500, before these). Tab and line breaks are allowed
 * only in multi-line text. Hebrew direction marks (U+200E/F, U+202A-E, U+2066-9) are not control
 * characters here and stay allowed. The check comes before any .trim(), so a control character
 * is refused wherever it sits rather than trimmed away at the ends and kept in the middle.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const LINE_TEXT = /^[^\u0000-\u001f\u007f]*$/;
// Tab (U+0009), line feed (U+000A) and carriage return (U+000D) are let through.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const MULTILINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** One line of text (a name, a code, a token, an answer): no control character at all. */
export const lineText = () => z.string().regex(LINE_TEXT, CONTROL_CHARACTER_MESSAGE);
/** Text that may run over several lines (a message, a comment, rich text): tab and line breaks allowed. */
export const multilineText = () => z.string().regex(MULTILINE_TEXT, `${CONTROL_CHARACTER_MESSAGE} other than tab and line breaks`);

/** Ids are opaque strings (24 hex characters when we make them). */
export const idSchema = lineText().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'invalid id');

/** A short human text: trimmed, Hebrew marks (RLM/LRM) allowed. */
export const nameSchema = lineText().trim().min(1).max(100);
export const emailSchema = lineText().trim().toLowerCase().max(254).pipe(z.email());
export const phoneSchema = lineText()
  .trim()
  .min(7)
  .max(20)
  .regex(/^[+0-9()\-\s]+$/, 'invalid phone');

export const okStatusReplySchema = z.object({
  data: z.object({ status: z.literal('OK'), message: z.string().optional() }),
});
