import { describe, expect, it, vi } from 'vitest';
import { connectLive } from './live-socket.ts';
import { buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { fake } from '../../test/fake-socket.ts';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketClient);

describe('live progress over Socket.IO', () => {
  it('watches the play after every (re)connection and passes on valid progress only', async () => {
    const onProgress = vi.fn();
    const onConnect = vi.fn();
    const stop = connectLive({ gameId: GAME_ID, secretCode: CODE, onProgress, onConnect });
    await vi.waitFor(() => expect(fake.state.handlers.has('connect')).toBe(true));
    expect(fake.state.options).toMatchObject({ path: '/socket.io' });

    fake.fire('connect');
    expect(fake.state.emits).toHaveLength(1);
    expect(fake.state.emits[0]).toMatchObject({ event: 'progress:watch', payload: { gameId: GAME_ID, secretCode: CODE } });
    expect(onConnect).toHaveBeenCalledTimes(1);
    // The acknowledgement carries the current progress.
    fake.state.emits[0].ack(null, { ok: true, progress: buildProgress() });
    expect(onProgress).toHaveBeenCalledWith(buildProgress());
    // A refused code or a timeout passes nothing on.
    fake.state.emits[0].ack(null, { ok: false, code: 'wrong_code' });
    fake.state.emits[0].ack(new Error('timeout'));
    expect(onProgress).toHaveBeenCalledTimes(1);

    fake.fire('game-progress', buildProgress({ lastUpdate: '2026-05-01T10:09:00.000Z' }));
    fake.fire('game-progress', { nonsense: true });
    expect(onProgress).toHaveBeenCalledTimes(2);

    // A reconnection watches again.
    fake.fire('connect');
    expect(fake.state.emits).toHaveLength(2);
    expect(onConnect).toHaveBeenCalledTimes(2);

    stop();
    expect(fake.state.disconnected).toBe(true);
    fake.fire('game-progress', buildProgress());
    expect(onProgress).toHaveBeenCalledTimes(2);
  });

  it('sends the play’s grant with the watch when it has one', async () => {
    fake.state.emits.length = 0;
    const stop = connectLive({ gameId: GAME_ID, secretCode: CODE, grant: 'gRant_0123456789abcdef', onProgress: vi.fn(), onConnect: vi.fn() });
    await vi.waitFor(() => expect(fake.state.handlers.has('connect')).toBe(true));
    fake.fire('connect');
    expect(fake.state.emits.at(-1)).toMatchObject({ event: 'progress:watch', payload: { gameId: GAME_ID, secretCode: CODE, grant: 'gRant_0123456789abcdef' } });
    stop();
  });

  it('passes a live event’s team view on, and sends positions only while the socket is in the play’s room', async () => {
    fake.state.emits.length = 0;
    const onTeamView = vi.fn();
    const onWatched = vi.fn();
    const stop = connectLive({ gameId: GAME_ID, secretCode: CODE, onProgress: vi.fn(), onConnect: vi.fn(), onTeamView, onWatched });
    await vi.waitFor(() => expect(fake.state.handlers.has('connect')).toBe(true));

    fake.fire('event:team-view', { eventId: 'event-1' });
    expect(onTeamView).toHaveBeenCalledWith({ eventId: 'event-1' });

    fake.fire('connect');
    expect(onWatched).not.toHaveBeenCalled();
    // A refused watch lets nothing through.
    fake.state.emits[0].ack(null, { ok: false, code: 'wrong_code' });
    expect(onWatched).not.toHaveBeenCalled();
    fake.state.emits[0].ack(null, { ok: true, progress: buildProgress() });
    expect(onWatched).toHaveBeenCalledTimes(1);
    const send = onWatched.mock.calls[0][0] as (position: { lat: number; lng: number }) => void;
    send({ lat: 32.08, lng: 34.78 });
    expect(fake.state.sent).toEqual([{ event: 'event:position', payload: { lat: 32.08, lng: 34.78 } }]);

    // Disconnected, then back but not yet in the room: nothing is sent (nor buffered for later).
    fake.fire('disconnect');
    send({ lat: 1, lng: 2 });
    fake.fire('connect');
    send({ lat: 3, lng: 4 });
    expect(fake.state.sent).toHaveLength(1);
    fake.state.emits[1].ack(null, { ok: true, progress: buildProgress() });
    expect(onWatched).toHaveBeenCalledTimes(2);
    send({ lat: 5, lng: 6 });
    expect(fake.state.sent.at(-1)).toEqual({ event: 'event:position', payload: { lat: 5, lng: 6 } });

    stop();
    send({ lat: 7, lng: 8 });
    expect(fake.state.sent).toHaveLength(2);
  });
});
