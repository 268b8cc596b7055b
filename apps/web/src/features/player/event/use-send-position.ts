import { useEffect, useRef } from 'react';
import { TEAM_POSITION_INTERVAL_MS, type TeamView } from '@streethunt/shared';
import { useGeolocation } from '../../../ui/map/use-geolocation.ts';
import type { PlaySession } from '../play-session.ts';

/**
 * While `active` (the team plays and the event has not ended) the phone's last known position goes to
 * the organiser every TEAM_POSITION_INTERVAL_MS on the play's socket, and only between the event's
 * start and end, as the team was told. The same location watch as the map's: a denied permission
 * sends nothing, and the game goes on.
 */
export function useSendPosition(session: Pick<PlaySession, 'sendPosition'>, active: boolean, view: Pick<TeamView, 'startsAt' | 'endsAt'> | null): void {
  const { position } = useGeolocation(active);
  const latest = useRef(position);
  useEffect(() => {
    latest.current = position;
  }, [position]);

  const startsAt = view ? Date.parse(view.startsAt) : NaN;
  const endsAt = view ? Date.parse(view.endsAt) : NaN;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      const now = Date.now();
      const fix = latest.current;
      // An unreadable time bounds nothing (NaN compares false): the server has the last word.
      if (fix && !(now < startsAt) && !(now > endsAt)) session.sendPosition({ lat: fix.lat, lng: fix.lng });
    }, TEAM_POSITION_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active, session, startsAt, endsAt]);
}
