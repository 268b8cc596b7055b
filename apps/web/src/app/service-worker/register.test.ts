import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdUpdates } from '../update-gate.ts';
import { registerAppWorker, SETTLE_MS, type PendingUpdate } from './register.ts';

/** A worker as the page sees it: its state, and what the page posted to it. */
class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  /** The browser moves it on (installing → installed...). */
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve());
  /** The browser found a new sw.js and starts installing it. */
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  registration = new FakeRegistration();
  register = vi.fn((_url: string, _options?: RegistrationOptions) => Promise.resolve(this.registration));
  constructor(public controller: FakeWorker | null) {
    super();
  }
}

function setUp(options: { controlled: boolean; inPlay?: boolean }) {
  const container = new FakeContainer(options.controlled ? new FakeWorker('activated') : null);
  const offers: PendingUpdate[] = [];
  const reload = vi.fn();
  const target = new EventTarget() as EventTarget & { setInterval: typeof window.setInterval };
  target.setInterval = vi.fn(() => 1) as unknown as typeof window.setInterval;
  const visibility = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const started = registerAppWorker({
    container: container as unknown as ServiceWorkerContainer,
    reload,
    inPlay: () => options.inPlay ?? false,
    offer: (update) => offers.push(update),
    target,
    visibility,
  });
  return { container, offers, reload, target, visibility, started };
}

describe('registerAppWorker', () => {
  const releases: Array<() => void> = [];
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const release of releases.splice(0)) release();
    vi.useRealTimers();
  });

  it('registers /sw.js for the whole site, never from the HTTP cache', async () => {
    const { container, started } = setUp({ controlled: false });
    await started;
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it("offers nothing for a phone's first worker: there is no older version to replace", async () => {
    const { container, offers, started } = setUp({ controlled: false });
    await started;
    const first = new FakeWorker('installing');
    container.registration.found(first);
    first.become('installed');
    expect(offers).toHaveLength(0);
  });

  it('offers a new version once it has installed and waits, and never posts SKIP_WAITING by itself', async () => {
    const { container, offers, reload, started } = setUp({ controlled: true });
    await started;
    const next = new FakeWorker('installing');
    container.registration.found(next);
    expect(offers).toHaveLength(0);
    next.become('installed');
    expect(offers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(next.posted).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers a version that was already waiting when the page loaded', async () => {
    const { container, offers } = setUp({ controlled: true });
    // register() resolves after this line: it finds this worker waiting.
    container.registration.waiting = new FakeWorker('installed');
    await vi.advanceTimersByTimeAsync(0);
    expect(offers).toHaveLength(1);
  });

  it('applies on request when nothing holds: SKIP_WAITING, then a reload once the new worker controls the page', async () => {
    const { container, offers, reload, started } = setUp({ controlled: true });
    await started;
    const next = new FakeWorker('installing');
    container.registration.found(next);
    next.become('installed');
    expect(offers[0]!.apply()).toBe(true);
    expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    // A second tap sends nothing more.
    expect(offers[0]!.apply()).toBe(true);
    expect(next.posted).toHaveLength(1);
  });

  it('refuses to apply while an answer or a photo holds updates', async () => {
    const { container, offers, started } = setUp({ controlled: true });
    await started;
    const next = new FakeWorker('installing');
    container.registration.found(next);
    next.become('installed');
    const release = holdUpdates('answer');
    releases.push(release);
    expect(offers[0]!.apply()).toBe(false);
    expect(next.posted).toEqual([]);
  });

  it('in a game, applies by itself a moment after the last hold goes (between questions), and not before', async () => {
    const { container, reload, started } = setUp({ controlled: true, inPlay: true });
    await started;
    const answer = holdUpdates('answer');
    releases.push(answer);
    const next = new FakeWorker('installing');
    container.registration.found(next);
    next.become('installed');
    await vi.advanceTimersByTimeAsync(10 * SETTLE_MS);
    expect(next.posted).toEqual([]);
    answer();
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1);
    expect(next.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('in a game, waits again when the player starts the next answer within the moment', async () => {
    const { container, started } = setUp({ controlled: true, inPlay: true });
    await started;
    const next = new FakeWorker('installing');
    container.registration.found(next);
    next.become('installed');
    holdUpdates('answer')();
    const typing = holdUpdates('answer');
    releases.push(typing);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(next.posted).toEqual([]);
  });

  it('outside a game, releasing holds applies nothing: the player taps', async () => {
    const { container, started } = setUp({ controlled: true, inPlay: false });
    await started;
    const next = new FakeWorker('installing');
    container.registration.found(next);
    next.become('installed');
    holdUpdates('answer')();
    await vi.advanceTimersByTimeAsync(SETTLE_MS * 2);
    expect(next.posted).toEqual([]);
  });

  it('looks for a new version when the phone comes back online or the app comes back to the screen', async () => {
    const { container, target, visibility, started } = setUp({ controlled: true });
    await started;
    expect(target.setInterval).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('online'));
    visibility.visibilityState = 'hidden';
    visibility.dispatchEvent(new Event('visibilitychange'));
    visibility.visibilityState = 'visible';
    visibility.dispatchEvent(new Event('visibilitychange'));
    expect(container.registration.update).toHaveBeenCalledTimes(2);
  });
});
