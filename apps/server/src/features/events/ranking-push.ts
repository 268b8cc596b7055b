import type { WindowCounter } from '../../platform/shared-state/window-counter.ts';

/**
 * The teams' ranking, pushed: a change of any team's standing makes one push of the event's ranking
 * to all its teams' phones (an emit to each team's room, with the rows that team sees), at most one per
 * event every RANKING_PUSH_MS, with every change of the window in it.
 *
 * Windows are aligned on the clock, so every process agrees on them: a process with a change in a
 * window pushes just after the window ends, unless another process already did (the first to count a
 * hit on the window's key in the shared state, Redis with two processes, pushes). The pushing process
 * reads the standings from its copy, kept current with the other processes' changes (room-snapshot.ts),
 * or from the database. A change that came just before the push, whose word may not have reached the
 * process that pushed, is pushed again in the next window by its own process.
 */
export const RANKING_PUSH_MS = 2_000;
/** A push is an emit per team and ranks every team: a big event's pushes come further apart, up to this. */
const LONGEST_WINDOW_MS = 10_000;
const WINDOW_MS_PER_TEAM = 10;

/** The window of an event of `teamCount` teams: 2 s up to 200 teams, then 10 ms a team, at most 10 s (1,000 teams). */
export const rankingWindowMs = (teamCount: number) => Math.min(LONGEST_WINDOW_MS, Math.max(RANKING_PUSH_MS, teamCount * WINDOW_MS_PER_TEAM));
/** How long after its window's end a push goes: the other processes' word of the window's last changes arrives first. */
const PUSH_DELAY_MS = 200;
/** A change this long before the push is surely in it, whichever process pushed. */
const WORD_MARGIN_MS = 150;

export type PushRanking = (eventId: string) => Promise<void>;

export class RankingPusher {
  /** The newest change not yet pushed, per event, and its event's window. */
  private readonly changedAt = new Map<string, number>();
  private readonly windowOf = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly windows: WindowCounter,
    private readonly push: PushRanking,
    private readonly onError: (error: unknown) => void,
    private readonly defaultWindowMs = RANKING_PUSH_MS,
  ) {}

  /** A team of the event changed: its ranking goes with the window's push (every process gives an event the same window). */
  changed(eventId: string, windowMs = this.windowOf.get(eventId) ?? this.defaultWindowMs, now = Date.now()): void {
    this.changedAt.set(eventId, Math.max(now, this.changedAt.get(eventId) ?? 0));
    this.windowOf.set(eventId, windowMs);
    if (this.timers.has(eventId)) return;
    const windowEnd = (Math.floor(now / windowMs) + 1) * windowMs;
    const timer = setTimeout(() => void this.fire(eventId, windowEnd, windowMs), windowEnd + PUSH_DELAY_MS - now);
    timer.unref?.();
    this.timers.set(eventId, timer);
  }

  /** Stops every timer (the app closes). */
  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.changedAt.clear();
    this.windowOf.clear();
  }

  private async fire(eventId: string, windowEnd: number, windowMs: number): Promise<void> {
    this.timers.delete(eventId);
    const startedAt = Date.now();
    try {
      const { count } = await this.windows.hit(`${eventId}:${windowEnd}`, windowMs * 2);
      // Whoever pushed (this process now, or another) read the standings after this moment.
      const covered = count === 1 ? startedAt : windowEnd + PUSH_DELAY_MS - WORD_MARGIN_MS;
      if (count === 1) await this.push(eventId);
      const last = this.changedAt.get(eventId) ?? 0;
      if (last <= covered) {
        this.changedAt.delete(eventId);
        if (!this.timers.has(eventId)) this.windowOf.delete(eventId);
      } else if (!this.timers.has(eventId)) this.changed(eventId, windowMs, Math.max(last, Date.now()));
    } catch (error) {
      // The change stays noted: the event's next change pushes it, and a phone opening its ranking reads it.
      this.onError(error);
    }
  }
}
