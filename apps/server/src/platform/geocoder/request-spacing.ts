/**
 * Keeps calls to an outside service at least `intervalMs` apart in this process (Nominatim's usage
 * policy: one request a second at most). Callers queue for the next free slot; one whose slot is more
 * than `maxWaitMs` away is turned back with the time after which asking again would be queued.
 */
export class RequestSpacing {
  private nextFreeAt = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the next slot: how long to wait for it, or how long until asking again is worth it. */
  reserve(): { waitMs: number } | { retryAfterMs: number } {
    const now = this.now();
    const slot = Math.max(now, this.nextFreeAt);
    const waitMs = slot - now;
    if (waitMs > this.maxWaitMs) return { retryAfterMs: waitMs - this.maxWaitMs };
    this.nextFreeAt = slot + this.intervalMs;
    return { waitMs };
  }
}
