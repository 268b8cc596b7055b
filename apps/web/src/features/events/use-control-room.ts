import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ControlRoom } from '@streethunt/shared';
import { ApiError } from '../../api/client.ts';
import { readToken } from '../../api/token-store.ts';
import { eventsApi, eventsKeys } from './api.ts';
import { watchControlRoom } from './control-room-socket.ts';
import { applyRoomChanges } from './control-room-updates.ts';
import { bufferRoomChanges } from './room-change-buffer.ts';

/** Where the live updates stand: not yet in, in, dropped (coming back by itself), or refused by the server. */
export type LiveState = 'connecting' | 'live' | 'offline' | 'refused';

/** A 4xx (not the event's organiser, no such event) stays as it is: asking again would not change it. */
const retryUnlessRefused = (failures: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failures < 2;

/**
 * The control room's data: read once, then kept current from the socket (each team's change replaces
 * that team, each feed item goes first, positions move the teams), a few times a second with what came
 * meanwhile (room-change-buffer.ts). Every time the socket is let in, the room is read again, since
 * what happened before (or while the connection was down) does not come over the socket.
 */
export function useControlRoom(eventId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const room = useQuery({
    queryKey: eventsKeys.controlRoom(eventId),
    queryFn: ({ signal }) => eventsApi.controlRoom(eventId, signal),
    enabled,
    retry: retryUnlessRefused,
  });
  // Kept with the event it is about: another event's room starts from 'connecting'.
  const [liveOf, setLiveOf] = useState<{ eventId: string; state: LiveState } | null>(null);
  const live: LiveState = liveOf?.eventId === eventId ? liveOf.state : 'connecting';
  const loaded = room.data !== undefined;

  useEffect(() => {
    // No socket for an event the organiser cannot open (the read said why).
    if (!enabled || !loaded) return;
    const queryKey = eventsKeys.controlRoom(eventId);
    const update = (change: (current: ControlRoom) => ControlRoom) =>
      queryClient.setQueryData<ControlRoom>(queryKey, (current) => (current ? change(current) : current));
    const setLive = (next: (state: LiveState) => LiveState) =>
      setLiveOf((current) => ({ eventId, state: next(current?.eventId === eventId ? current.state : 'connecting') }));
    const buffer = bufferRoomChanges((changes) => update((current) => applyRoomChanges(current, changes)));
    const stopWatching = watchControlRoom({
      eventId,
      token: readToken,
      onWatching: () => {
        setLive(() => 'live');
        void queryClient.invalidateQueries({ queryKey });
      },
      onRefused: () => setLive(() => 'refused'),
      onDisconnect: () => setLive((state) => (state === 'refused' ? state : 'offline')),
      onTeam: buffer.team,
      onFeed: buffer.feed,
      onPositions: buffer.positions,
    });
    return () => {
      stopWatching();
      buffer.stop();
    };
  }, [enabled, loaded, eventId, queryClient]);

  return { room, live };
}
