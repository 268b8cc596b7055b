export type Turn = { waitMs: number } | { retryAfterMs: number };

/**
 * Calls to an outside service kept at least an interval apart: this process's own (RequestSpacing),
 * or every process's together through Redis (redis-spacing.ts).
 */
export type Spacing = {
  /** Takes the next slot: how long to wait for it, or how long until asking again is worth it. */
  reserve(): Turn | Promise<Turn>;
  /**
   * Once the slot's wait is over: records the call as sent now (0), or says how much longer to wait
   * when the call before went out late (a timer fires late under load) and the gap would be short.
   */
  claim(): number | Promise<number>;
};

/**
 * Keeps calls to an outside service at least `intervalMs` apart in this process (Nominatim's usage
 * policy: one request a second at most). Callers queue for the next free slot; one whose slot is more
 * than `maxWaitMs` away is turned back with the time after which asking again would be queued.
 */
export class RequestSpacing implements Spacing {
  private nextFreeAt = 0;
  private lastSentAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the next slot: how long to wait for it, or how long until asking again is worth it. */
  reserve(): Turn {
    const now = this.now();
    const slot = Math.max(now, this.nextFreeAt);
    const waitMs = slot - now;
    if (waitMs > this.maxWaitMs) return { retryAfterMs: waitMs - this.maxWaitMs };
    this.nextFreeAt = slot + this.intervalMs;
    return { waitMs };
  }

  /**
   * How much longer to wait before sending: a timer can fire late, so the call before this one may have
   * gone out after its slot; the gap is kept between the calls actually sent, not between the slots.
   */
  remainingGap(): number {
    return Math.max(0, this.lastSentAt + this.intervalMs - this.now());
  }

  /** Records that a call went out now. */
  sent(): void {
    this.lastSentAt = this.now();
    this.nextFreeAt = Math.max(this.nextFreeAt, this.lastSentAt + this.intervalMs);
  }

  claim(): number {
    const gap = this.remainingGap();
    if (gap > 0) return gap;
    this.sent();
    return 0;
  }
}
