import { z } from 'zod';
import { QUESTION_STATUSES } from '../game/question-status.ts';
import { TEAM_NAME_MAX, TEAM_NAME_MIN, teamNameOf, teamNameProblem, type TeamNameProblem } from '../game/team-name.ts';
import { idSchema, lineText } from './common.ts';
import { PHOTO_STATUSES, playGrantSchema, secretCodeSchema } from './play.ts';

/** An event: one game played live by many teams at once, each with its own code, followed by an organiser. */
/** A city-wide school day, or a company of 3,000 in teams of three, is one event. */
export const EVENT_TEAMS_MAX = 1_000;
export const EVENT_NAME_MAX = 80;
export const EVENT_MESSAGE_MAX = 300;
/** A time limit per team, from its own start: at least 5 minutes, at most a day. */
export const EVENT_TIME_LIMIT_MIN = 5;
export const EVENT_TIME_LIMIT_MAX = 24 * 60;
/** Positions are kept until the event ends and this long after, then deleted. */
export const EVENT_POSITION_KEEP_MS = 24 * 60 * 60_000;

/** Why a team name is refused, in the API's words (the phone says it in its own). */
const TEAM_NAME_REFUSALS: Record<TeamNameProblem, string> = {
  tooShort: `a team name takes at least ${TEAM_NAME_MIN} characters`,
  tooLong: `a team name takes at most ${TEAM_NAME_MAX} characters`,
  chars: 'a team name takes letters, digits, spaces and - . ! ? & ׳ ״ only',
  invisible: 'a team name may not hold invisible letters',
  marks: 'a team name may not stack marks on a letter',
  noLetter: 'a team name needs a letter one can see',
};

/** A team's name (game/team-name.ts has the rule, for the phone too), kept in its tidy form. */
export const teamNameSchema = lineText()
  .superRefine((typed, ctx) => {
    const problem = teamNameProblem(typed);
    if (problem) ctx.addIssue({ code: 'custom', message: TEAM_NAME_REFUSALS[problem] });
  })
  .overwrite(teamNameOf);

// A time as the browser writes it (toISOString), checked for control characters first as every text is.
const isoTime = lineText().pipe(z.iso.datetime({ offset: true }));

/** POST /api/events: the creator of an approved game (or an admin) makes an event of it. */
export const createEventSchema = z.object({
  gameId: idSchema,
  name: lineText().trim().min(1).max(EVENT_NAME_MAX),
  startsAt: isoTime,
  endsAt: isoTime,
  teamCount: z.number().int().min(1).max(EVENT_TEAMS_MAX),
  /** Whether the teams see the leaderboard on their phones (the organiser always does). */
  showLeaderboard: z.boolean().default(true),
  /** Minutes each team plays from its own start (the event's end still ends everyone); null: until the end. */
  timeLimitMinutes: z.number().int().min(EVENT_TIME_LIMIT_MIN).max(EVENT_TIME_LIMIT_MAX).nullable().default(null),
  /** An event is bought on its own: a trial's play is never an event's team, so a trialCode is refused, not dropped. */
  // Text like any code (so a control character in it is named as such), then refused whatever it is.
  trialCode: lineText()
    .max(40)
    .refine(() => false, { error: 'an event is bought on its own: trialCode is not taken here' })
    .optional(),
});
export type CreateEventRequest = z.input<typeof createEventSchema>;

/**
 * POST /api/events/purchase (its body is createEventSchema's): anyone signed in buys an event of an
 * approved game, teamCount times the price per team (eventTeamPrice), through the payment page. `URL`
 * is where the browser goes next: the payment page, or the control room when nothing is to be paid
 * (eventId is then the event, made at once).
 */
export const purchaseEventReplySchema = z.object({ data: z.object({ URL: z.string(), eventId: z.string().nullable() }) });

const eventSummarySchema = z.object({
  id: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Set when the organiser ended it early (or it was ended after its end time passed). */
  endedAt: z.string().nullable(),
  teamCount: z.number().int(),
  showLeaderboard: z.boolean(),
  timeLimitMinutes: z.number().int().nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;
export const eventReplySchema = z.object({ data: eventSummarySchema });
export const eventsReplySchema = z.object({ data: z.array(eventSummarySchema) });

const teamPositionSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180), at: z.string() });

/** One team as the control room sees it. */
export const eventTeamSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** Null until the team names itself on its phone. */
  name: z.string().nullable(),
  disqualified: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  answered: z.number().int(),
  skipped: z.number().int(),
  hints: z.number().int(),
  questionCount: z.number().int(),
  score: z.number().int(),
  position: teamPositionSchema.nullable(),
  /** Each question's status, in the game's order (null: not begun): the results per question. */
  statuses: z.array(z.enum(QUESTION_STATUSES).nullable()),
  /** Wrong attempts the server counted, over all questions. */
  wrongAttempts: z.number().int().optional(),
  /** Each question's photo (null: none, or not a photo question): its verdict and points, in the game's order. */
  photos: z.array(z.object({ status: z.enum(PHOTO_STATUSES), points: z.number().int().optional() }).nullable()).optional(),
  /** Each question's opened hints (their indexes), in the game's order: what a pushed hint starts from. */
  openHints: z.array(z.array(z.number().int())).optional(),
  /** The question the flow suggests to the team now (its id; null when none): where a pushed hint starts in a game that branches. */
  next: z.string().nullable().optional(),
});
export type EventTeam = z.infer<typeof eventTeamSchema>;

/**
 * The control room's positions, a batch at a time (EVENT_POSITIONS_EVENT): a thousand teams of three
 * phones send 600 a second, each only a position, so they come apart from the team's other changes.
 */
export const teamPositionsSchema = z.array(teamPositionSchema.extend({ teamId: z.string() })).max(5_000);
export type TeamPositionUpdate = z.infer<typeof teamPositionsSchema>[number];

/** `photo`: a team's photo arrived; `photo-judged`: the organiser judged one (text: accepted or rejected). */
const FEED_KINDS = ['named', 'started', 'answered', 'hint', 'skipped', 'finished', 'problem', 'message', 'photo', 'photo-judged'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** One line of the control room's live feed. */
export const feedItemSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(FEED_KINDS),
  /** The team it is about (or a message's addressee); null for a message to all teams. */
  teamId: z.string().nullable(),
  /** The question's number (from 1), for answers, hints and skips. */
  questionNumber: z.number().int().nullable(),
  /** A message's or a problem report's text (plain text). */
  text: z.string().nullable(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** GET /api/events/{eventId}: what the control room opens with; live changes follow on the socket. */
export const controlRoomSchema = z.object({
  event: eventSummarySchema,
  teams: z.array(eventTeamSchema),
  feed: z.array(feedItemSchema),
  /** How many hints each question of the game has, in order: what the organiser may push to a team. */
  hintCounts: z.array(z.number().int()),
  /** The questions' ids, in the same order: a team's `next` names one. */
  questionIds: z.array(z.string()).optional(),
  /** Whether the game has photo questions: the room then shows the photos to judge. */
  hasPhotoTasks: z.boolean().optional(),
});
export type ControlRoom = z.infer<typeof controlRoomSchema>;
export const controlRoomReplySchema = z.object({ data: controlRoomSchema });

/** POST /api/events/{eventId}/messages: to every team, or to one. */
export const eventMessageSchema = z.object({ text: lineText().trim().min(1).max(EVENT_MESSAGE_MAX), teamId: idSchema.optional() });
export const feedItemReplySchema = z.object({ data: feedItemSchema });

/** POST /api/events/{eventId}/extend: more time for every team (the event must not have ended). */
const EXTEND_MINUTES_MAX = 240;
export const extendEventSchema = z.object({ minutes: z.number().int().min(1).max(EXTEND_MINUTES_MAX) });
/** POST /api/events/{eventId}/teams/{teamId}/hint: opens a hint for the team, as if it had opened it. */
export const pushHintSchema = z.object({ questionIndex: z.number().int().min(0).max(199), hintIndex: z.number().int().min(0).max(199) });
export const eventTeamReplySchema = z.object({ data: eventTeamSchema });

// The team's side: every call carries the play's code, checked as every game-progress call.
const teamBase = { gameId: idSchema, secretCode: secretCodeSchema, grant: playGrantSchema.optional() };
/** POST /api/event-team: what the team's phone reads (null data: the code is no event's). */
export const teamReadSchema = z.object(teamBase);
/** POST /api/event-team/name */
export const teamNameRequestSchema = z.object({ ...teamBase, name: teamNameSchema });

/** A message as the team reads it. */
const teamMessageSchema = z.object({ id: z.string(), at: z.string(), text: z.string(), toTeam: z.boolean() });
export type TeamMessage = z.infer<typeof teamMessageSchema>;

const rankedTeamSchema = z.object({ teamId: z.string(), name: z.string(), score: z.number().int(), rank: z.number().int(), finished: z.boolean() });
export type RankedTeam = z.infer<typeof rankedTeamSchema>;

/** The event as one team's phone sees it. */
export const teamViewSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  endedAt: z.string().nullable(),
  /** Ended for this team only: its own time (from its start) is up while the event goes on. */
  timeUp: z.boolean().optional(),
  teamId: z.string(),
  teamName: z.string().nullable(),
  disqualified: z.boolean(),
  messages: z.array(teamMessageSchema),
  /**
   * The ranking, when the event shows it to the teams or has ended; null otherwise. Its first rows and
   * the team's own (rankingForTeam): `rankedTeams` says how many teams it ranks in all.
   */
  leaderboard: z.array(rankedTeamSchema).nullable(),
  rankedTeams: z.number().int().optional(),
  /**
   * Once the event has ended: when its final ranking last changed after the end (a photo judged late),
   * so a phone that opens it only now says so too; absent when it never changed.
   */
  rankingChangedAt: z.string().optional(),
});
export type TeamView = z.infer<typeof teamViewSchema>;

/**
 * The EVENT_RANKING_EVENT payload: the event's ranking now, as the receiving team's phone shows it (its
 * first rows and the team's own, of `rankedTeams`); `final` once the event has ended (a late judgement
 * still changes it).
 */
export type EventRanking = { eventId: string; leaderboard: RankedTeam[]; rankedTeams: number; final: boolean };
export const teamViewReplySchema = z.object({ data: teamViewSchema.nullable() });
