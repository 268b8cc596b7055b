import { useEffect, useState } from 'react';
import { withAllStyles } from '../../ui/all-styles.ts';
import type { TeamEventStore } from './event/team-event-store.ts';
import type { TeamEvent, TeamEventUi } from './event/team-event-ui.ts';
import type { PlaySession } from './play-session.ts';

// Most codes are no event's: the event module, and every component's styles its screens need, load
// only once the play has a code, never with the player's first load.
const loadEventModule = withAllStyles((): Promise<TeamEventUi> => import('./event/team-event.ts'));

/**
 * The event of the play with this code, once the event module has loaded (null before, and for a
 * phone without a code); its store reads whether the code is an event team's and follows it live.
 * Offline before the module could load, it tries again when the network returns.
 */
export function useTeamEvent(session: PlaySession, secret: string | null, grant: string | undefined): TeamEvent | null {
  const [event, setEvent] = useState<TeamEvent | null>(null);
  useEffect(() => {
    if (!secret) return;
    let live = true;
    let store: TeamEventStore | null = null;
    const load = () => {
      loadEventModule().then(
        (ui) => {
          if (!live) return;
          store = new ui.TeamEventStore(session, { gameId: session.gameId, secretCode: secret, ...(grant && { grant }) });
          store.start();
          setEvent({ ui, store });
        },
        () => {
          if (live) window.addEventListener('online', load, { once: true });
        },
      );
    };
    load();
    return () => {
      live = false;
      window.removeEventListener('online', load);
      store?.stop();
    };
  }, [session, secret, grant]);
  // The store of the code before is not shown while the new code's starts.
  return event?.store.play.secretCode === secret ? event : null;
}
