import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_NAMESPACE } from '../../i18n/live-translations.ts';
import { withAllStyles } from '../../ui/all-styles.ts';
import type { TeamEventStore } from './event/team-event-store.ts';
import type { TeamEvent, TeamEventUi } from './event/team-event-ui.ts';
import type { PlaySession } from './play-session.ts';

// Most codes are no event's: the event module, and every component's styles its screens need, load
// only once the play has a code, never with the player's first load.
const loadEventModule = withAllStyles((): Promise<TeamEventUi> => import('./event/team-event.ts'));

/**
 * The event of the play with this code, once the event module and its texts (the `live` namespace)
 * have loaded (null before, and for a phone without a code); its store reads whether the code is an
 * event team's and follows it live. The texts come with the module so that no screen of the event
 * waits for them later: a time warning shows outside any Suspense, and the phone may be offline by
 * then. Offline before both could load, it tries again when the network returns.
 */
export function useTeamEvent(session: PlaySession, secret: string | null, grant: string | undefined): TeamEvent | null {
  const [event, setEvent] = useState<TeamEvent | null>(null);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!secret) return;
    let live = true;
    let store: TeamEventStore | null = null;
    // i18next resolves a failed load too: only texts really in let the event show.
    const loadTexts = () =>
      i18n.loadNamespaces(LIVE_NAMESPACE).then(() => {
        if (!i18n.hasLoadedNamespace(LIVE_NAMESPACE)) throw new Error('the live texts did not load');
      });
    const load = () => {
      Promise.all([loadEventModule(), loadTexts()]).then(
        ([ui]) => {
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
  }, [session, secret, grant, i18n]);
  // The store of the code before is not shown while the new code's starts.
  return event?.store.play.secretCode === secret ? event : null;
}
