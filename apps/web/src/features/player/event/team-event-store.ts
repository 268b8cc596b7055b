import type { EventRanking, TeamMessage, TeamView } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../../api/client.ts';
import { playSound } from '../../../ui/sounds.ts';
import type { PlaySession } from '../play-session.ts';
import { eventApi, type TeamPlay } from './event-api.ts';
import { keepEvent, readKeptEvent } from './kept-team-event.ts';

/** What the event screens show. */
export type TeamEventState = {
  /** The event as the team sees it; null for an ordinary code (or one not known yet). */
  view: TeamView | null;
  /** The messages not dismissed on this phone, oldest first. */
  unread: TeamMessage[];
  /** The team plays on unnamed for now: no network to save a name. */
  namingLater: boolean;
  /** The final ranking changed after the end (a photo judged late): after this phone showed it, or before it opened it (the server says when). */
  rankingChanged?: boolean;
  /** Whether the phone knows if the code is an event team's: a read settled, or a view was kept. */
  checked?: boolean;
};

/** What the event screens follow: the store (the event module's own screens come with it, use-team-event.ts). */
export type FollowedEvent = { store: TeamEventStore };

export type RenameOutcome = 'ok' | 'taken' | 'invalid' | 'offline' | 'failed';

/** A light check of a pushed view: the server builds it from its own checked schema (no zod in the player). */
function isTeamView(value: unknown): value is TeamView {
  const view = value as Partial<TeamView> | null;
  return Boolean(
    view &&
      typeof view === 'object' &&
      typeof view.eventId === 'string' &&
      typeof view.teamId === 'string' &&
      Array.isArray(view.messages) &&
      (view.leaderboard === null || Array.isArray(view.leaderboard)),
  );
}

function isRanking(value: unknown): value is EventRanking {
  const ranking = value as Partial<EventRanking> | null;
  return Boolean(ranking && typeof ranking === 'object' && typeof ranking.eventId === 'string' && Array.isArray(ranking.leaderboard) && typeof ranking.final === 'boolean');
}

/** Whether two rankings differ in a team's place or score. */
const sameRanking = (a: TeamView['leaderboard'], b: TeamView['leaderboard']) =>
  JSON.stringify(a?.map((row) => [row.teamId, row.rank, row.score])) === JSON.stringify(b?.map((row) => [row.teamId, row.rank, row.score]));

/** The event is over for every team: its ranking is the final one. */
const isFinal = (view: TeamView | null | undefined) => Boolean(view?.endedAt && !view.timeUp);

/** The server says the final ranking changed after the end: a phone that never held the earlier one says so too. */
const changedAfterEnd = (view: TeamView | null): boolean => Boolean(isFinal(view) && view?.rankingChangedAt);

/** Past the end, the server needs a moment to call the event over; the phone asks just after. */
const END_READ_DELAY_MS = 1_000;
/** When the server did not call it over at the end (the phone's clock runs ahead), asked again this often. */
const END_RETRY_MS = 30_000;
/** Back online, the phone reads this many times at most, this far apart, until the server answers. */
const ONLINE_READ_TRIES = 4;
const ONLINE_READ_RETRY_MS = 2_000;
/** setTimeout's longest wait; an end further off is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * One play's live event on this phone: its TeamView, read when the store starts, again each time
 * the socket rejoins the play's room and when the browser says the network is back, and pushed on it after a message, a rename or the end; the
 * event's ranking is pushed to all its teams after changes (a few seconds apart at most), and read
 * again when a ranking opens. A message
 * not seen before plays a sound and stays shown until dismissed. At the event's end time the phone
 * reads again, so it shows the final ranking at that minute, not at its next reconnection. Plain code behind subscribe and
 * getSnapshot, like PlaySession.
 */
export class TeamEventStore {
  private state: TeamEventState;
  private dismissed: Set<string>;
  private readonly warningsRead = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private stopListening: (() => void) | null = null;
  private reading: Promise<void> | null = null;
  /** Reads are numbered: a reply older than one already taken is dropped (it may lack a message since sent). */
  private reads = 0;
  private latestTaken = 0;
  private onlineRetry: ReturnType<typeof setTimeout> | null = null;
  private endTimer: ReturnType<typeof setTimeout> | null = null;
  /** The end time the phone last read at, so a clock ahead of the server's asks every END_RETRY_MS, not at once. */
  private readAtEnd: string | null = null;
  private stopped = false;

  constructor(
    private readonly session: Pick<PlaySession, 'listenForEvent'>,
    readonly play: TeamPlay,
  ) {
    const kept = readKeptEvent(play.gameId, play.secretCode);
    this.dismissed = new Set(kept?.dismissed);
    const view = kept?.view ?? null;
    this.state = { view, unread: this.unreadOf(view), namingLater: false, checked: Boolean(view), rankingChanged: changedAfterEnd(view) };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TeamEventState => this.state;

  start(): void {
    this.stopListening = this.session.listenForEvent({
      onTeamView: (value) => this.take(value),
      onRanking: (value) => this.takeRanking(value),
      // News pushed while the socket was away is read again once it is back in the room.
      onWatched: () => void this.read(),
    });
    window.addEventListener('online', this.onOnline);
    if (this.state.view) this.readAtTheEnd(this.state.view);
    void this.read();
  }

  stop(): void {
    this.stopped = true;
    this.stopListening?.();
    this.stopListening = null;
    window.removeEventListener('online', this.onOnline);
    if (this.onlineRetry !== null) clearTimeout(this.onlineRetry);
    this.onlineRetry = null;
    this.clearEndTimer();
  }

  /**
   * The network is back: what was pushed meanwhile (a message, the end) is read at once. The socket's
   * own return to the room reads too, but it may first wait out its reconnection backoff, or not have
   * noticed it was cut off at all.
   */
  private onOnline = () => {
    if (this.onlineRetry !== null) clearTimeout(this.onlineRetry);
    this.onlineRetry = null;
    void this.readOnline(ONLINE_READ_TRIES);
  };

  /** Read at once, and again a little later while the network, just back, does not answer yet. */
  private async readOnline(tries: number): Promise<void> {
    const answered = await this.readNow();
    if (answered || this.stopped || tries <= 1) return;
    this.onlineRetry = setTimeout(() => {
      this.onlineRetry = null;
      void this.readOnline(tries - 1);
    }, ONLINE_READ_RETRY_MS);
  }

  /** POST /api/event-team; offline the kept view stays, and the next rejoined room reads again. A read under way is joined. */
  read(): Promise<void> {
    const reading = (this.reading ??= this.readNow()
      .then(() => undefined)
      .finally(() => {
        this.reading = null;
      }));
    return reading;
  }

  /** One read of its own (not joined to one under way, which may have been cut off with the network): true when it was answered. */
  private readNow(): Promise<boolean> {
    const number = ++this.reads;
    return eventApi
      .read(this.play)
      .then(
        (reply) => {
          if (number < this.latestTaken) return true;
          this.latestTaken = number;
          if (reply.data) this.take(reply.data);
          else this.forget();
          return true;
        },
        (error: unknown) => {
          // A server without events answers 404: no code of it is an event's.
          if (error instanceof ApiError && error.status === 404) this.forget();
          return !(error instanceof NetworkError);
        },
      )
      .finally(() => {
        if (!this.stopped && !this.state.checked) this.publish({ ...this.state, checked: true });
      });
  }

  /** POST /api/event-team/name with a name teamNameProblem let through. */
  async rename(name: string): Promise<RenameOutcome> {
    try {
      const reply = await eventApi.rename(this.play, name);
      this.take(reply.data);
      return 'ok';
    } catch (error) {
      if (error instanceof NetworkError) return 'offline';
      if (error instanceof ApiError && error.status === 409) return 'taken';
      if (error instanceof ApiError && error.status === 400) return 'invalid';
      return 'failed';
    }
  }

  /** Plays on without a name until the network returns (a reload asks again). */
  nameLater(): void {
    this.publish({ ...this.state, namingLater: true });
  }

  /** Whether this phone's team read the time warning `key` (its end and level): each shows once. */
  warningRead(key: string): boolean {
    return this.warningsRead.has(key);
  }

  readWarning(key: string): void {
    this.warningsRead.add(key);
    this.publish({ ...this.state });
  }

  /** The unread messages were read: they no longer show (here; the list keeps them). */
  dismissMessages(): void {
    this.state.unread.forEach((message) => this.dismissed.add(message.id));
    this.keep();
    this.publish({ ...this.state, unread: [] });
  }

  private take(value: unknown): void {
    if (this.stopped || !isTeamView(value)) return;
    // An event's end is final: a read answered before it, arriving after the pushed end, undoes nothing.
    if (this.state.view?.endedAt && !value.endedAt) return;
    const known = new Set(this.state.view?.messages.map((message) => message.id));
    const arrived = value.messages.some((message) => !known.has(message.id) && !this.dismissed.has(message.id));
    const before = this.state.view;
    const changed = this.state.rankingChanged || changedAfterEnd(value) || (isFinal(before) && isFinal(value) && !sameRanking(before?.leaderboard ?? null, value.leaderboard));
    this.publish({ ...this.state, view: value, unread: this.unreadOf(value), rankingChanged: changed, checked: true });
    this.keep();
    this.readAtTheEnd(value);
    if (arrived) playSound('message');
  }

  /**
   * The event's ranking, pushed to all its teams after a change. The event's own end comes with the
   * team's view (read then), which a final ranking on a phone that still plays stands for.
   */
  private takeRanking(value: unknown): void {
    const view = this.state.view;
    if (this.stopped || !view || !isRanking(value) || value.eventId !== view.eventId) return;
    if (value.final && !isFinal(view)) return void this.read();
    this.take({ ...view, leaderboard: value.leaderboard, rankedTeams: value.rankedTeams });
  }

  /** Reads once the event's end time has passed (moved by more time, dropped once it ended). */
  private readAtTheEnd(view: TeamView): void {
    this.clearEndTimer();
    if (view.endedAt) return;
    const untilEnd = Date.parse(view.endsAt) + END_READ_DELAY_MS - Date.now();
    if (!Number.isFinite(untilEnd)) return;
    const wait = this.readAtEnd === view.endsAt ? Math.max(untilEnd, END_RETRY_MS) : untilEnd;
    this.endTimer = setTimeout(
      () => {
        this.endTimer = null;
        if (wait > LONGEST_TIMER_MS) return this.readAtTheEnd(view);
        this.readAtEnd = view.endsAt;
        // Offline now, the read fails quietly; the socket's return to the room reads again.
        void this.read();
      },
      Math.min(Math.max(wait, 0), LONGEST_TIMER_MS),
    );
  }

  private clearEndTimer(): void {
    if (this.endTimer !== null) clearTimeout(this.endTimer);
    this.endTimer = null;
  }

  private forget(): void {
    if (this.stopped) return;
    keepEvent(this.play.gameId, this.play.secretCode, null);
    this.clearEndTimer();
    this.dismissed.clear();
    this.publish({ view: null, unread: [], namingLater: false, checked: true });
  }

  private unreadOf(view: TeamView | null): TeamMessage[] {
    return view ? view.messages.filter((message) => !this.dismissed.has(message.id)) : [];
  }

  private keep(): void {
    const { view } = this.state;
    if (view) keepEvent(this.play.gameId, this.play.secretCode, { view, dismissed: [...this.dismissed] });
  }

  private publish(next: TeamEventState): void {
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}
