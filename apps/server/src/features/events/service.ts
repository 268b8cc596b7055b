import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  EVENT_POSITION_KEEP_MS,
  playSummary,
  newerPosition,
  rankTeams,
  rankingForTeam,
  type RankedTeam,
  teamNameSkeleton,
  controlRoomSchema,
  eventTeamSchema,
  type ControlRoom,
  type CreateEventRequest,
  type EventSummary,
  type EventTeam,
  type FeedItem,
  type FeedKind,
  type Progress,
  type TeamView,
} from '@streethunt/shared';
import type { Services } from '../../services.ts';
import type { Db } from '../../db/client.ts';
import { eventFeed, eventTeams, events, gameCodes, games } from '../../db/schema.ts';
import { findGame, findGameForPlayers, readGameContent, readGameMetadata } from '../../db/game-rows.ts';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';
import type { AccessClaims } from '../../platform/auth.ts';
import { may } from '../../platform/policy.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { TtlMap } from '../../platform/ttl-map.ts';
import { createGameCodes, type GameCode } from '../codes/service.ts';
import { progressForCode, progressForCodes, type ScoredAt } from '../plays/play-progress.ts';
import type { PlayStep } from '../plays/service.ts';
import type { Socket } from 'socket.io';
import { emitFeed, emitRanking, emitTeam, emitTeamView, eventTeamRoom, isEventTeamRoom } from './live.ts';
import { RankingPusher, rankingWindowMs } from './ranking-push.ts';
import { pendingPosition, positionKeeper } from './positions.ts';
import { roomSnapshots } from './room-snapshot.ts';
import { findEvent, forgetEventTeams, playStartOf, teamOfCode } from './team-of-code.ts';
import { gameNameSql } from '../../db/game-name.ts';

export type EventsDeps = Pick<Services, 'db' | 'realtime' | 'shared'>;
type EventRow = typeof events.$inferSelect;
type TeamRow = typeof eventTeams.$inferSelect;
type FeedRow = typeof eventFeed.$inferSelect;
type TeamWithCode = { team: TeamRow; code: GameCode };
type Logger = { error(details: object, message: string): void };

/** The control room opens with this many of the newest feed lines; later ones arrive on the socket. */
const FEED_SHOWN = 200;


const toSummary = (event: EventRow, name: string): EventSummary => ({
  id: event.id,
  gameId: event.gameId,
  gameName: name,
  name: event.name,
  startsAt: event.startsAt.toISOString(),
  endsAt: event.endsAt.toISOString(),
  endedAt: event.endedAt?.toISOString() ?? null,
  teamCount: event.teamCount,
  showLeaderboard: event.showLeaderboard,
  timeLimitMinutes: event.timeLimitMinutes,
});

const toFeedItem = (row: FeedRow): FeedItem => ({
  id: row.id,
  at: row.at.toISOString(),
  kind: row.kind,
  teamId: row.teamId,
  questionNumber: row.questionNumber,
  text: row.text,
});

/** Whether the event is over: ended early by its organiser, or past its end time. */
const hasEnded = (event: Pick<EventRow, 'endedAt' | 'endsAt'>, now = new Date()) => event.endedAt !== null || event.endsAt <= now;

type TimedEvent = Pick<EventRow, 'endedAt' | 'endsAt' | 'timeLimitMinutes'>;

/** When a team's play is over: the event's end, or the end of its own time from its start if that comes first. */
function teamEnd(event: TimedEvent, startTime: Date | null): Date {
  const end = endOf(event);
  if (event.timeLimitMinutes === null || !startTime) return end;
  const own = new Date(startTime.getTime() + event.timeLimitMinutes * 60_000);
  return own < end ? own : end;
}

/**
 * When a team's score stops losing minutes: its end (the event's, or its own time up) once passed, so a
 * team that never finished keeps the score it had then; undefined (now) while it plays.
 */
const scoredAt =
  (event: TimedEvent, now = new Date()): ScoredAt =>
  (startTime) => {
    const end = teamEnd(event, startTime);
    return end <= now ? end : undefined;
  };

/** When it ended (or will end): what the position keeping counts from. */
const endOf = (event: Pick<EventRow, 'endedAt' | 'endsAt'>) => (event.endedAt && event.endedAt < event.endsAt ? event.endedAt : event.endsAt);

type Position = NonNullable<EventTeam['position']>;

/**
 * The team's newest position this process knows: its row's, one taken and not yet written
 * (positions.ts), or the one in this process's copy of the standings (another process's, heard).
 */
function newestPosition(deps: EventsDeps, event: EventRow, team: TeamRow): Position | null {
  const row = team.lat !== null && team.lng !== null && team.positionAt !== null ? { lat: team.lat, lng: team.lng, at: team.positionAt.toISOString() } : null;
  const pending = pendingPosition(deps.db, deps.realtime, team.id);
  const taken = pending ? { lat: pending.lat, lng: pending.lng, at: pending.at } : null;
  return newerPosition(newerPosition(row, taken), roomSnapshots(deps.db, deps.realtime).newestPosition(event.id, team.id) ?? null);
}

function teamOf(deps: EventsDeps, { team, code }: TeamWithCode, progress: Progress, event: EventRow): EventTeam {
  const summary = playSummary(progress);
  // A disqualified team is off the map: its last position is not drawn.
  const position = team.disqualifiedAt === null ? newestPosition(deps, event, team) : null;
  return {
    id: team.id,
    code: code.code,
    name: team.name,
    disqualified: team.disqualifiedAt !== null,
    startTime: progress.startTime,
    endTime: progress.endTime,
    answered: summary.answered,
    skipped: summary.skipped,
    hints: summary.hints,
    questionCount: progress.questions.length,
    score: progress.score,
    statuses: progress.questions.map((question) => question.status),
    wrongAttempts: summary.wrongAttempts,
    photos: progress.questions.map(({ photo }) => (photo ? { status: photo.status, ...(photo.points !== undefined && { points: photo.points }) } : null)),
    openHints: progress.questions.map((question) => question.hints.flatMap((hint, index) => (hint.isOpen ? [index] : []))),
    next: progress.flow?.next ?? null,
    position: position && Date.now() < endOf(event).getTime() + EVENT_POSITION_KEEP_MS ? position : null,
  };
}

/** POST /api/events: the creator of a published game (or an admin) makes an event of it, with one code per team. */
export async function createEvent(deps: EventsDeps, caller: AccessClaims, input: CreateEventRequest): Promise<EventSummary> {
  eventTimes(input);
  const game = await findGame(deps.db, input.gameId);
  if (!game || !may(caller, 'edit-game', game)) throw notFound('No such game of yours');
  if (game.status !== 'APPROVED') throw conflict('Only a published game can be played as an event');
  const event = await deps.db.transaction((tx) => insertEvent(tx, { gameId: game.id, organiserId: caller.userId, input }));
  return toSummary(event, readGameMetadata(game.metadata).name);
}

/** The times of an event request, or 400 when it would end before it starts (the one rule the schema leaves). */
export function eventTimes(input: Pick<CreateEventRequest, 'startsAt' | 'endsAt'>): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (startsAt >= endsAt) throw badRequest('The event must start before it ends');
  return { startsAt, endsAt };
}

/**
 * The event row with one code per team: made by its creator (createEvent) or, once paid, by a
 * purchase (payments/fulfil.ts), which it then names. Call inside a transaction.
 */
export async function insertEvent(tx: Db, order: { gameId: string; organiserId: string; input: CreateEventRequest; purchaseId?: string }): Promise<EventRow> {
  const { input } = order;
  const [row] = await tx
    .insert(events)
    .values({
      gameId: order.gameId,
      organiserId: order.organiserId,
      name: input.name,
      ...eventTimes(input),
      teamCount: input.teamCount,
      showLeaderboard: input.showLeaderboard ?? true,
      timeLimitMinutes: input.timeLimitMinutes ?? null,
      purchaseId: order.purchaseId,
    })
    .returning();
  const codes = await createGameCodes(tx, { gameId: order.gameId, count: input.teamCount, source: 'event', createdBy: order.organiserId });
  await tx.insert(eventTeams).values(codes.map((code) => ({ eventId: row.id, codeId: code.id })));
  return row;
}

/** GET /api/events: the caller's events, newest first. */
export async function listEvents(deps: EventsDeps, caller: AccessClaims): Promise<EventSummary[]> {
  const rows = await deps.db
    .select({ event: events, name: gameNameSql })
    .from(events)
    .innerJoin(games, eq(games.id, events.gameId))
    .where(eq(events.organiserId, caller.userId))
    .orderBy(desc(events.createdAt));
  return rows.map((row) => toSummary(row.event, row.name));
}

/**
 * The event, when the caller may organise it; 404 for anyone else (whether it exists is nobody else's
 * business). Its routes' `organiser` rule decided this already; asked again so no caller of these
 * functions can skip it.
 */
async function organisersEvent(db: Db, caller: AccessClaims, eventId: string): Promise<{ event: EventRow; name: string }> {
  const row = await findEvent(db, eventId);
  if (!row || !may(caller, 'organise-event', row.event)) throw notFound('No such event');
  return row;
}

/** The caller may watch this event's control room (the socket's check). */
export async function mayWatch(db: Db, caller: AccessClaims, eventId: string): Promise<boolean> {
  const row = await findEvent(db, eventId);
  return row !== null && may(caller, 'organise-event', row.event);
}

async function teamsOf(db: Db, eventId: string): Promise<TeamWithCode[]> {
  return db
    .select({ team: eventTeams, code: gameCodes })
    .from(eventTeams)
    .innerJoin(gameCodes, eq(gameCodes.id, eventTeams.codeId))
    .where(eq(eventTeams.eventId, eventId))
    .orderBy(asc(eventTeams.createdAt), asc(eventTeams.id));
}

/** Every team with its progress: the teams in one query, their plays in another. */
async function teamsWithProgress(deps: EventsDeps, event: EventRow): Promise<EventTeam[]> {
  const teams = await teamsOf(deps.db, event.id);
  const progress = await progressForCodes(deps.db, teams.map((team) => team.code), scoredAt(event));
  return teams.map((team) => teamOf(deps, team, progress.get(team.code.id)!, event));
}

/** The event's teams and newest feed lines, from this process's copy (room-snapshot.ts), built from the database when it has none. */
function standings(deps: EventsDeps, event: EventRow) {
  return roomSnapshots(deps.db, deps.realtime).read(
    event.id,
    async () => {
      const [teams, feed] = await Promise.all([
        teamsWithProgress(deps, event),
        deps.db.select().from(eventFeed).where(eq(eventFeed.eventId, event.id)).orderBy(desc(eventFeed.at), desc(eventFeed.id)).limit(FEED_SHOWN),
      ]);
      return { teams, feed: feed.map(toFeedItem) };
    },
    FEED_SHOWN,
  );
}

/** A team's new state: to the control room's socket, into every process's copy of the standings, and with the window's ranking push to the teams. */
function teamChanged(deps: EventsDeps, event: Pick<EventRow, 'id' | 'teamCount'>, team: EventTeam): void {
  emitTeam(deps.realtime.io, event.id, team);
  roomSnapshots(deps.db, deps.realtime).team(event.id, team, Date.now());
  rankingPusher(deps).changed(event.id, rankingWindowMs(event.teamCount));
}

/** One ranking pusher per app (its socket server). */
const pushers = new WeakMap<object, RankingPusher>();

function rankingPusher(deps: EventsDeps): RankingPusher {
  let pusher = pushers.get(deps.realtime.io);
  if (!pusher) {
    pusher = new RankingPusher(
      deps.shared.windowCounter('ranking-push'),
      (eventId) => pushRanking(deps, eventId),
      () => undefined,
    );
    pushers.set(deps.realtime.io, pusher);
  }
  return pusher;
}

/** The app closes: no push is left waiting. */
export const stopRankingPushes = (deps: Pick<EventsDeps, 'realtime'>) => pushers.get(deps.realtime.io)?.stop();

/**
 * The event's ranking to all its teams' phones, when the teams see it: the event shows it, or has
 * ended. Each team gets its first rows and its own (a small emit per team, not the whole ranking to
 * every phone).
 */
async function pushRanking(deps: EventsDeps, eventId: string): Promise<void> {
  const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
  if (!event) return;
  const final = hasEnded(event);
  if (!event.showLeaderboard && !final) return;
  const { teams } = await standings(deps, event);
  const ranking = rankTeams(teams);
  for (let i = 0; i < teams.length; i++) {
    // A thousand emits at once held every other request for a tenth of a second: in slices, they wait their turn.
    if (i > 0 && i % PUSH_SLICE === 0) await yieldToLoop();
    emitRanking(deps.realtime.io, teams[i].id, { eventId, leaderboard: rankingForTeam(ranking, teams[i].id), rankedTeams: ranking.length, final });
  }
}

/** Teams whose ranking is pushed before the push lets other work in. */
const PUSH_SLICE = 100;

/**
 * A phone's socket was let into its play's room (progress:watch): when the code is an event team's,
 * it joins the room of the event's teams too, where the ranking is pushed.
 */
export async function joinTeamRoom(deps: EventsDeps, socket: Pick<Socket, 'rooms' | 'join' | 'leave'>, code: GameCode): Promise<void> {
  const found = code.source === 'event' ? await teamOfCode(deps.db, code.id) : null;
  const room = found && eventTeamRoom(found.team.id);
  for (const joined of socket.rooms) if (isEventTeamRoom(joined) && joined !== room) await socket.leave(joined);
  if (room) await socket.join(room);
}

/** After a change of the event itself (its end, its time, a team out): every process reads its standings and its teams again. */
function forgetStandings(deps: EventsDeps, eventId: string): void {
  forgetEventTeams(deps.db, eventId);
  roomSnapshots(deps.db, deps.realtime).drop(eventId);
}

/** GET /api/events/{eventId}: the event, its teams and the newest feed lines. */
async function controlRoom(deps: EventsDeps, caller: AccessClaims, eventId: string): Promise<ControlRoom> {
  const { event, name } = await organisersEvent(deps.db, caller, eventId);
  const [{ teams, feed }, game] = await Promise.all([standings(deps, event), findGameForPlayers(deps.db, event.gameId)]);
  const questions = game ? readGameContent(game).questions : [];
  const hintCounts = questions.map((question) => question.hints.length);
  const hasPhotoTasks = questions.some((question) => question.answer.kind === 'photo');
  return { event: toSummary(event, name), teams, feed, hintCounts, questionIds: questions.map((question) => question.id), hasPhotoTasks };
}

const roomHeadSchema = controlRoomSchema.omit({ teams: true });
/** Each team's JSON in the control room's reply, checked against its schema once per state of the team. */
const teamJson = new WeakMap<EventTeam, string>();
/**
 * The same, by the team's own JSON text: a copy of the standings built again (room-snapshot.ts) has
 * new objects for teams that did not change, and checking a thousand of them again took the read
 * that followed from milliseconds to a hundred.
 */
const checkedTeamJson = new TtlMap<string, string>(10 * 60_000, 20_000, Date.now, { max: 32 * 1024 * 1024, of: (json) => json.length * 4 });

function jsonOfTeam(team: EventTeam): string {
  let json = teamJson.get(team);
  if (json === undefined) {
    const raw = JSON.stringify(team);
    json = checkedTeamJson.get(raw);
    if (json === undefined) checkedTeamJson.set(raw, (json = JSON.stringify(eventTeamSchema.parse(team))));
    teamJson.set(team, json);
  }
  return json;
}

/**
 * GET /api/events/{eventId} as the reply's JSON text. Checking a thousand teams against the reply's
 * schema on every read took longer than the rest of the read: each team (an object of the standings'
 * copy, replaced when the team changes) is checked and written once, and a read joins them.
 */
export async function controlRoomJson(deps: EventsDeps, caller: AccessClaims, eventId: string): Promise<{ json: string }> {
  const { teams, ...head } = await controlRoom(deps, caller, eventId);
  const headJson = JSON.stringify(roomHeadSchema.parse(head));
  return { json: `{"data":${headJson.slice(0, -1)},"teams":[${teams.map(jsonOfTeam).join(',')}]}}` };
}

const rankingOf = (ranking: RankedTeam[], teamId: string) => ({ leaderboard: rankingForTeam(ranking, teamId), rankedTeams: ranking.length });

async function viewOf(deps: EventsDeps, event: EventRow, team: TeamRow): Promise<TeamView> {
  const messages = await deps.db
    .select()
    .from(eventFeed)
    .where(and(eq(eventFeed.eventId, event.id), eq(eventFeed.kind, 'message'), or(isNull(eventFeed.teamId), eq(eventFeed.teamId, team.id))))
    .orderBy(asc(eventFeed.at), asc(eventFeed.id));
  const ended = hasEnded(event);
  // With a time per team, the team's own end once it started: its phone counts down to it and ends there.
  const start = await playStartOf(deps.db, event, { id: team.codeId, gameId: event.gameId });
  const own = teamEnd(event, start);
  const over = ended || own <= new Date();
  return {
    eventId: event.id,
    eventName: event.name,
    startsAt: event.startsAt.toISOString(),
    endsAt: (start ? own : event.endsAt).toISOString(),
    endedAt: over ? own.toISOString() : null,
    ...(over && !ended && { timeUp: true }),
    teamId: team.id,
    teamName: team.name,
    disqualified: team.disqualifiedAt !== null,
    messages: messages.map((m) => ({ id: m.id, at: m.at.toISOString(), text: m.text ?? '', toTeam: m.teamId !== null })),
    ...(event.showLeaderboard || ended ? rankingOf(rankTeams((await standings(deps, event)).teams), team.id) : { leaderboard: null }),
    ...(ended && event.rankingChangedAt && { rankingChangedAt: event.rankingChangedAt.toISOString() }),
  };
}

/** An event's team plays from the start to the end, unless disqualified; any other code plays as always. */
export async function assertTeamMayPlay(db: Db, code: GameCode): Promise<void> {
  if (code.source !== 'event') return;
  const found = await teamOfCode(db, code.id);
  if (!found) return;
  // Its own code, not 'forbidden' nor 'wrong_code': a phone entering the code says the team is out.
  if (found.team.disqualifiedAt) throw new AppError(403, 'team_disqualified', 'This team was disqualified by the organiser');
  if (hasEnded(found.event)) throw conflict('The event has ended');
  if (found.event.startsAt > new Date()) throw conflict(`The event starts at ${found.event.startsAt.toISOString()}`);
  if (teamEnd(found.event, await playStartOf(db, found.event, code)) <= new Date()) throw conflict('The team’s time is up');
}

/** When an event team's score stops losing minutes (scoredAt: its end once passed), as its ranking scores it; undefined for any other code. */
export async function teamScoreEnd(db: Db, code: GameCode): Promise<ScoredAt | undefined> {
  if (code.source !== 'event') return undefined;
  const found = await teamOfCode(db, code.id);
  return found ? scoredAt(found.event) : undefined;
}

/** POST /api/event-team: the event as this team sees it; null when the code is no event's. */
export async function teamView(deps: EventsDeps, code: GameCode): Promise<TeamView | null> {
  if (code.source !== 'event') return null;
  const found = await teamOfCode(deps.db, code.id);
  return found && viewOf(deps, found.event, found.team);
}

async function addFeed(deps: EventsDeps, eventId: string, line: { kind: FeedKind; teamId: string | null; questionNumber?: number | null; text?: string | null }): Promise<FeedItem> {
  const [row] = await deps.db
    .insert(eventFeed)
    .values({ eventId, teamId: line.teamId, kind: line.kind, questionNumber: line.questionNumber ?? null, text: line.text ?? null })
    .returning();
  const item = toFeedItem(row);
  emitFeed(deps.realtime.io, eventId, item);
  roomSnapshots(deps.db, deps.realtime).feed(eventId, item);
  return item;
}

/** Sends each team its fresh view (after a message to all, or the end). */
async function tellTeams(deps: EventsDeps, event: EventRow, teams: TeamWithCode[]): Promise<void> {
  await Promise.all(teams.map(async ({ team, code }) => emitTeamView(deps.realtime.io, { gameId: code.gameId, codeId: code.id }, await viewOf(deps, event, team))));
}

/** POST /api/event-team/name: one name per event (409 when another team has it). */
export async function nameTeam(deps: EventsDeps, code: GameCode, name: string): Promise<TeamView> {
  const found = code.source === 'event' ? await teamOfCode(deps.db, code.id) : null;
  if (!found) throw notFound('This code is not a team’s code of an event');
  if (hasEnded(found.event)) throw conflict('The event has ended');
  const team = await deps.db.transaction(async (tx) => {
    // Names are compared by their skeleton, which the database cannot index: the event's row lock makes
    // one naming at a time per event, so two phones cannot take lookalike names at once.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, found.event.id)).for('update');
    const skeleton = teamNameSkeleton(name);
    const others = await tx.select({ id: eventTeams.id, name: eventTeams.name }).from(eventTeams).where(and(eq(eventTeams.eventId, found.event.id), isNotNull(eventTeams.name)));
    if (others.some((other) => other.id !== found.team.id && teamNameSkeleton(other.name!) === skeleton)) throw conflict('Another team of this event has that name, or one that looks the same');
    try {
      return (await tx.update(eventTeams).set({ name }).where(eq(eventTeams.id, found.team.id)).returning())[0];
    } catch (error) {
      if (violatedUniqueIndex(error) !== null) throw conflict('Another team of this event has that name');
      throw error;
    }
  });
  forgetEventTeams(deps.db, found.event.id);
  if (found.team.name !== name) await addFeed(deps, found.event.id, { kind: 'named', teamId: team.id, text: name });
  const view = await viewOf(deps, found.event, team);
  emitTeamView(deps.realtime.io, { gameId: code.gameId, codeId: code.id }, view);
  teamChanged(deps, found.event, teamOf(deps, { team, code }, await progressForCode(deps.db, code), found.event));
  return view;
}

/** POST /api/events/{eventId}/messages: to every team, or one; the phones get it at once. */
export async function sendMessage(deps: EventsDeps, caller: AccessClaims, eventId: string, input: { text: string; teamId?: string }): Promise<FeedItem> {
  const { event } = await organisersEvent(deps.db, caller, eventId);
  const teams = await teamsOf(deps.db, event.id);
  const to = input.teamId === undefined ? teams : teams.filter(({ team }) => team.id === input.teamId);
  if (to.length === 0) throw notFound('No such team in this event');
  const item = await addFeed(deps, event.id, { kind: 'message', teamId: input.teamId ?? null, text: input.text });
  await tellTeams(deps, event, to);
  return item;
}

/** POST /api/events/{eventId}/end: ends it now (once); every phone shows the final ranking. */
export async function endEvent(deps: EventsDeps, caller: AccessClaims, eventId: string): Promise<EventSummary> {
  const { event, name } = await organisersEvent(deps.db, caller, eventId);
  if (hasEnded(event)) return toSummary(event, name);
  const [ended] = await deps.db.update(events).set({ endedAt: new Date() }).where(and(eq(events.id, event.id), isNull(events.endedAt))).returning();
  const now = ended ?? event;
  forgetStandings(deps, event.id);
  await tellTeams(deps, now, await teamsOf(deps.db, event.id));
  return toSummary(now, name);
}

/** After every change of a play on an event's code: the control room sees the team's new state and a feed line. */
export async function playChanged(deps: EventsDeps, code: GameCode, progress: Progress, step: PlayStep): Promise<void> {
  if (code.source !== 'event') return;
  const found = await teamOfCode(deps.db, code.id);
  if (!found) return;
  // Past the team's end (a photo judged late), its score is the one it had then, as in the ranking.
  const start = progress.startTime ? new Date(progress.startTime) : null;
  const scored = scoredAt(found.event)(start) ? await progressForCode(deps.db, code, scoredAt(found.event)) : progress;
  teamChanged(deps, found.event, teamOf(deps, { team: found.team, code }, scored, found.event));
  if (step?.scoreChanged && hasEnded(found.event) && found.team.disqualifiedAt === null && found.team.name !== null) await finalRankingChanged(deps, found.event.id);
  // With a time per team, its phones count down from its start: they get the end it brings.
  if (step?.kind === 'started' && found.event.timeLimitMinutes !== null) {
    emitTeamView(deps.realtime.io, { gameId: code.gameId, codeId: code.id }, await viewOf(deps, found.event, found.team));
  }
  if (step) await addFeed(deps, found.event.id, {
    kind: step.kind,
    teamId: found.team.id,
    questionNumber: step.questionIndex === undefined ? null : step.questionIndex + 1,
    text: step.text ?? null,
  });
}

/**
 * A verdict after the end moved a ranked team's score: the final ranking changed. When is kept with the
 * event, so a phone that opens the ranking only now says it changed after the end, as a phone that held
 * the earlier one does. Every process reads the event's row again.
 */
async function finalRankingChanged(deps: EventsDeps, eventId: string): Promise<void> {
  await deps.db.update(events).set({ rankingChangedAt: new Date() }).where(eq(events.id, eventId));
  forgetEventTeams(deps.db, eventId);
}

/**
 * POST /api/events/{eventId}/extend: more time for every team. The end moves later, and so does each
 * team's own time when the event gives one (a team whose own time was up plays again); their phones see
 * the new end.
 */
export async function extendEvent(deps: EventsDeps, caller: AccessClaims, eventId: string, minutes: number): Promise<EventSummary> {
  const { event, name } = await organisersEvent(deps.db, caller, eventId);
  if (event.endedAt) throw conflict('The event has been ended');
  const [extended] = await deps.db
    .update(events)
    .set({ endsAt: sql`${events.endsAt} + make_interval(mins => ${minutes})`, timeLimitMinutes: sql`${events.timeLimitMinutes} + ${minutes}` })
    .where(and(eq(events.id, event.id), isNull(events.endedAt)))
    .returning();
  if (!extended) throw conflict('The event has been ended');
  forgetStandings(deps, event.id);
  await tellTeams(deps, extended, await teamsOf(deps.db, event.id));
  return toSummary(extended, name);
}

/** POST /api/events/{eventId}/teams/{teamId}/disqualify: the team plays no more and leaves the ranking. */
export async function disqualifyTeam(deps: EventsDeps, caller: AccessClaims, eventId: string, teamId: string): Promise<EventTeam> {
  const { event } = await organisersEvent(deps.db, caller, eventId);
  const found = (await teamsOf(deps.db, event.id)).find(({ team }) => team.id === teamId);
  if (!found) throw notFound('No such team in this event');
  const [team] = await deps.db
    .update(eventTeams)
    .set({ disqualifiedAt: sql`coalesce(${eventTeams.disqualifiedAt}, now())` })
    .where(eq(eventTeams.id, teamId))
    .returning();
  forgetStandings(deps, event.id);
  const changed = teamOf(deps, { team, code: found.code }, await progressForCode(deps.db, found.code, scoredAt(event)), event);
  teamChanged(deps, event, changed);
  await tellTeams(deps, event, [{ team, code: found.code }]);
  return changed;
}

/** Opens a hint of a team's play (the plays service, wired in app.ts), as if the team had opened it. */
export type OpenHint = (code: GameCode, at: { questionIndex: number; hintIndex: number }) => Promise<Progress>;

/** POST /api/events/{eventId}/teams/{teamId}/hint: the organiser helps a team; its phones show the hint, the feed says so. */
export async function pushHint(
  deps: EventsDeps,
  caller: AccessClaims,
  input: { eventId: string; teamId: string; questionIndex: number; hintIndex: number },
  openHint: OpenHint,
): Promise<EventTeam> {
  const { event } = await organisersEvent(deps.db, caller, input.eventId);
  const found = (await teamsOf(deps.db, event.id)).find(({ team }) => team.id === input.teamId);
  if (!found) throw notFound('No such team in this event');
  // Not before the start, after the end, or for a team out of the game: as for the team itself.
  await assertTeamMayPlay(deps.db, found.code);
  const progress = await openHint(found.code, { questionIndex: input.questionIndex, hintIndex: input.hintIndex });
  return teamOf(deps, found, progress, event);
}

/** A problem report sent with an event's code shows in the feed too. */
export async function problemReported(deps: EventsDeps, code: GameCode, questionNumber: number, text: string): Promise<void> {
  if (code.source !== 'event') return;
  const found = await teamOfCode(deps.db, code.id);
  if (found) await addFeed(deps, found.event.id, { kind: 'problem', teamId: found.team.id, questionNumber, text });
}

/**
 * A position from a team's phone (the socket): kept as the team's last known position while the event
 * runs (not after the end, nor for a team disqualified), and shown in the control room. It costs no
 * query as it comes (positions.ts gathers them).
 */
export async function recordPosition(deps: EventsDeps & { log: Logger }, code: GameCode, position: { lat: number; lng: number }): Promise<boolean> {
  if (code.source !== 'event') return false;
  const found = await teamOfCode(deps.db, code.id);
  if (!found || found.team.disqualifiedAt !== null || hasEnded(found.event) || found.event.startsAt > new Date()) return false;
  if (teamEnd(found.event, await playStartOf(deps.db, found.event, code)) <= new Date()) return false;
  positionKeeper(deps.db, deps.realtime, deps.log).add(found.event.id, { teamId: found.team.id, lat: position.lat, lng: position.lng, at: new Date().toISOString() });
  return true;
}

/** Deletes the positions of events that ended more than EVENT_POSITION_KEEP_MS ago; returns how many teams lost theirs. */
export async function forgetOldPositions(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EVENT_POSITION_KEEP_MS);
  const over = db
    .select({ id: events.id })
    .from(events)
    .where(or(lt(events.endsAt, before), lt(events.endedAt, before)));
  const cleared = await db
    .update(eventTeams)
    .set({ lat: null, lng: null, positionAt: null })
    .where(and(inArray(eventTeams.eventId, over), sql`${eventTeams.positionAt} is not null`))
    .returning({ id: eventTeams.id });
  return cleared.length;
}
