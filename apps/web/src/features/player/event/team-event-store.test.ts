import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamView } from '@streethunt/shared';
import { buildTeamView } from '../test-fixtures.ts';
import { eventApi } from './event-api.ts';
import { NetworkError } from '../../../api/client.ts';
import { TeamEventStore } from './team-event-store.ts';
import { forgetKept } from '../offline/kept-play.ts';

vi.mock('./event-api.ts', () => ({ eventApi: { read: vi.fn(), rename: vi.fn() } }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn() }));

const read = vi.mocked(eventApi.read);
const play = { gameId: 'game-1', secretCode: 'TEAMCODE1' };
const session = { listenForEvent: () => () => undefined };
const minute = 60_000;

describe('a team’s phone at the event’s end time', () => {
  const now = Date.parse('2026-05-01T12:00:00.000Z');
  let serverView: TeamView;
  beforeEach(() => {
    forgetKept();
    vi.useFakeTimers({ now, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    serverView = buildTeamView({ endsAt: new Date(now + 10 * minute).toISOString() });
    read.mockReset();
    read.mockImplementation(async () => ({ data: serverView }));
  });
  afterEach(() => {
    vi.useRealTimers();
    forgetKept();
  });

  it('reads the event again just after its end, and shows it ended without a reconnection', async () => {
    const store = new TeamEventStore(session, play);
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().view?.endedAt).toBeNull();

    serverView = { ...serverView, endedAt: serverView.endsAt };
    await vi.advanceTimersByTimeAsync(10 * minute);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().view?.endedAt).toBe(serverView.endsAt);
    // Ended, it waits for nothing more.
    await vi.advanceTimersByTimeAsync(60 * minute);
    expect(read).toHaveBeenCalledTimes(2);
    store.stop();
  });

  it('waits for the later end once the organiser added time', async () => {
    const store = new TeamEventStore(session, play);
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    // More time arrives (the organiser's push, here a read) before the old end.
    serverView = { ...serverView, endsAt: new Date(now + 25 * minute).toISOString() };
    await store.read();
    await vi.advanceTimersByTimeAsync(11 * minute);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(14 * minute + 1_000);
    expect(read).toHaveBeenCalledTimes(3);
    store.stop();
  });

  it('asks every 30 s, not at once, while the server has not called it over (a phone clock ahead)', async () => {
    const store = new TeamEventStore(session, play);
    store.start();
    await vi.advanceTimersByTimeAsync(10 * minute + 1_000);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(3);
    store.stop();
  });

  it('a stopped store reads nothing at the end', async () => {
    const store = new TeamEventStore(session, play);
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    store.stop();
    await vi.advanceTimersByTimeAsync(20 * minute);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('whether a code is an event team’s', () => {
  beforeEach(() => {
    forgetKept();
    read.mockReset();
  });

  it('is unknown until the first read settles, then known for an ordinary code and for a team’s', async () => {
    read.mockImplementation(async () => ({ data: null }));
    const ordinary = new TeamEventStore(session, play);
    expect(ordinary.getSnapshot().checked).toBe(false);
    ordinary.start();
    await vi.waitFor(() => expect(ordinary.getSnapshot().checked).toBe(true));
    expect(ordinary.getSnapshot().view).toBeNull();
    ordinary.stop();

    read.mockImplementation(async () => ({ data: buildTeamView() }));
    const team = new TeamEventStore(session, { ...play, secretCode: 'TEAMCODE2' });
    team.start();
    await vi.waitFor(() => expect(team.getSnapshot().checked).toBe(true));
    expect(team.getSnapshot().view).not.toBeNull();
    team.stop();
  });

  it('is known after a failed read too, so the phone never waits on it for ever', async () => {
    read.mockImplementation(async () => {
      throw new Error('server error');
    });
    const store = new TeamEventStore(session, play);
    store.start();
    await vi.waitFor(() => expect(store.getSnapshot().checked).toBe(true));
    store.stop();
  });
});

describe('a team’s phone whose network returns', () => {
  beforeEach(() => {
    forgetKept();
    read.mockReset();
  });

  it('reads the event at once, so a message sent meanwhile shows before the socket is back in the room', async () => {
    let serverView = buildTeamView();
    read.mockImplementation(async () => ({ data: serverView }));
    const store = new TeamEventStore(session, play);
    store.start();
    await vi.waitFor(() => expect(store.getSnapshot().checked).toBe(true));
    expect(store.getSnapshot().unread).toEqual([]);

    const message = { id: 'message-1', at: new Date().toISOString(), text: 'Meet at the fountain', toTeam: false };
    serverView = { ...serverView, messages: [message] };
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(store.getSnapshot().unread).toEqual([message]));
    expect(read).toHaveBeenCalledTimes(2);

    // A stopped store no longer listens.
    store.stop();
    window.dispatchEvent(new Event('online'));
    await Promise.resolve();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('back online, reads again a little later while the network does not answer yet, and drops an older reply that comes last', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let serverView = buildTeamView();
      read.mockImplementation(async () => ({ data: serverView }));
      const store = new TeamEventStore(session, play);
      store.start();
      await vi.advanceTimersByTimeAsync(0);
      const message = { id: 'message-2', at: new Date().toISOString(), text: 'To the fountain', toTeam: false };
      serverView = { ...serverView, messages: [message] };

      // The first read after 'online' is cut off; the next, 2 s later, is answered.
      read.mockImplementationOnce(async () => {
        throw new NetworkError('offline');
      });
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      expect(store.getSnapshot().unread).toEqual([]);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(store.getSnapshot().unread).toEqual([message]);

      // A read sent before (answered without the message) that arrives after a newer one changes nothing.
      let answerOld: (value: { data: TeamView }) => void = () => undefined;
      read.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)));
      const older = store.read();
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      answerOld({ data: { ...serverView, messages: [] } });
      await older;
      expect(store.getSnapshot().unread).toEqual([message]);
      store.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
