import type { WindowCounter } from '../../platform/shared-state/window-counter.ts';

/**
 * The teams' ranking, pushed: a change of any team's standing makes one push of the event's ranking
 * to all its teams' phones (one emit to the event's team room, whatever the number of teams), at most
 * one per event every RANKING_PUSH_MS, with every change of the window in it.
 *
 * Windows are aligned on the clock, so every process agrees on them: a process with a change in a
 * window pushes just after the window ends, unless another process already did (the first to count a
 * hit on the window's key in the shared state, Redis with two processes, pushes). The pushing process
 * reads the standings from its copy, kept current with the other processes' changes (room-snapshot.ts),
 * or from the database. A change that came just before the push, whose word may not have reached the
 * process that pushed, is pushed again in the next window by its own process.
 */
export const RANKING_PUSH_MS = 2_000;
/** How long after its window's end a push goes: the other processes' word of the window's last changes arrives first. */
const PUSH_DELAY_MS = 200;
/** A change this long before the push is surely in it, whichever process pushed. */
const WORD_MARGIN_MS = 150;

export type PushRanking = (eventId: string) => Promise<void>;

export class RankingPusher {
  /** The newest change not yet pushed, per event. */
  private readonly changedAt = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly windows: WindowCounter,
    private readonly push: PushRanking,
    private readonly onError: (error: unknown) => void,
    private readonly windowMs = RANKING_PUSH_MS,
  ) {}

  /** A team of the event changed: its ranking goes with the window's push. */
  changed(eventId: string, now = Date.now()): void {
    this.changedAt.set(eventId, Math.max(now, this.changedAt.get(eventId) ?? 0));
    if (this.timers.has(eventId)) return;
    const windowEnd = (Math.floor(now / this.windowMs) + 1) * this.windowMs;
    const timer = setTimeout(() => void this.fire(eventId, windowEnd), windowEnd + PUSH_DELAY_MS - now);
    timer.unref?.();
    this.timers.set(eventId, timer);
  }

  /** Stops every timer (the app closes). */
  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.changedAt.clear();
  }

  private async fire(eventId: string, windowEnd: number): Promise<void> {
    this.timers.delete(eventId);
    const startedAt = Date.now();
    try {
      const { count } = await this.windows.hit(`${eventId}:${windowEnd}`, this.windowMs * 2);
      // Whoever pushed (this process now, or another) read the standings after this moment.
      const covered = count === 1 ? startedAt : windowEnd + PUSH_DELAY_MS - WORD_MARGIN_MS;
      if (count === 1) await this.push(eventId);
      const last = this.changedAt.get(eventId) ?? 0;
      if (last <= covered) this.changedAt.delete(eventId);
      else if (!this.timers.has(eventId)) this.changed(eventId, last > Date.now() ? last : Date.now());
    } catch (error) {
      // The change stays noted: the event's next change pushes it, and a phone opening its ranking reads it.
      this.onError(error);
    }
  }
}
