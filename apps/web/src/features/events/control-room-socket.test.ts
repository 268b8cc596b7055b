import { describe, expect, it, vi } from 'vitest';
import { watchControlRoom, type WatchOptions } from './control-room-socket.ts';
import { buildFeedItem, buildTeam } from './test-data.ts';
import { fake } from '../../test/fake-socket.ts';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketClient);

function options(token: () => string | null = () => 'token-1') {
  return { eventId: 'e1', token, onWatching: vi.fn(), onRefused: vi.fn(), onDisconnect: vi.fn(), onTeam: vi.fn(), onFeed: vi.fn(), onPositions: vi.fn() } satisfies WatchOptions;
}

describe('the control room over Socket.IO', () => {
  it('watches the event with the current token after every (re)connection, and passes on valid changes only', async () => {
    let token = 'token-1';
    const watch = options(() => token);
    const stop = watchControlRoom(watch);
    await vi.waitFor(() => expect(fake.state.handlers.has('connect')).toBe(true));
    expect(fake.state.options).toMatchObject({ path: '/socket.io' });

    fake.fire('connect');
    expect(fake.state.emits[0]).toMatchObject({ event: 'event:watch', payload: { eventId: 'e1', token: 'token-1' } });
    fake.state.emits[0].ack(null, { ok: true });
    expect(watch.onWatching).toHaveBeenCalledTimes(1);

    const team = buildTeam('t1', { name: 'Lions', score: 10 });
    fake.fire('event:team', team);
    fake.fire('event:team', { id: 't1' });
    expect(watch.onTeam.mock.calls).toEqual([[team]]);
    const item = buildFeedItem('f1', { kind: 'hint', teamId: 't1', questionNumber: 2 });
    fake.fire('event:feed', item);
    fake.fire('event:feed', { ...item, kind: 'dance' });
    expect(watch.onFeed.mock.calls).toEqual([[item]]);
    const moved = [{ teamId: 't1', lat: 32.1, lng: 34.8, at: '2026-05-01T08:00:00.000Z' }];
    fake.fire('event:positions', moved);
    fake.fire('event:positions', [{ teamId: 't1', lat: 320, lng: 34.8, at: 'x' }]);
    expect(watch.onPositions.mock.calls).toEqual([[moved]]);

    fake.fire('disconnect');
    expect(watch.onDisconnect).toHaveBeenCalledTimes(1);
    // Back again, with the token as it is now.
    token = 'token-2';
    fake.fire('connect');
    expect(fake.state.emits[1]).toMatchObject({ payload: { eventId: 'e1', token: 'token-2' } });
    fake.state.emits[1].ack(null, { ok: false, code: 'forbidden' });
    expect(watch.onRefused).toHaveBeenCalledWith('forbidden');

    stop();
    expect(fake.state.disconnected).toBe(true);
    fake.fire('event:team', team);
    expect(watch.onTeam).toHaveBeenCalledTimes(1);
  });

  it('takes a watch that got no answer in time as refused', async () => {
    fake.state.emits.length = 0;
    const watch = options();
    const stop = watchControlRoom(watch);
    await vi.waitFor(() => expect(fake.state.handlers.has('connect')).toBe(true));
    fake.fire('connect');
    fake.state.emits[0].ack(new Error('operation has timed out'));
    expect(watch.onRefused).toHaveBeenCalledWith('timeout');
    expect(watch.onWatching).not.toHaveBeenCalled();
    stop();
  });
});
