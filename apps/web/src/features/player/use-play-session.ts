import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { playerApi } from './api.ts';
import { connectLive } from './live-socket.ts';
import { isKeptLoaded, loadKept } from './offline/kept-play.ts';
import { PlaySession, type PlaySnapshot } from './play-session.ts';

const newSession = (gameId: string) => new PlaySession(gameId, { start: playerApi.start, progress: playerApi.progress, connectLive });

/**
 * The play of one game in this browser, live; one session per mounted player page. What the phone
 * keeps is read from the offline database first: until then the page shows what the server drew (it
 * keeps nothing), then a session made from what is kept takes over and starts.
 */
export function usePlaySession(gameId: string): { session: PlaySession; snapshot: PlaySnapshot } {
  // False while hydrating the server's page (nothing is read before the page's effects run).
  const [loaded, setLoaded] = useState(isKeptLoaded);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new session once what is kept was read
  const session = useMemo(() => newSession(gameId), [gameId, loaded]);
  useEffect(() => {
    if (!loaded) {
      void loadKept().then(() => setLoaded(true));
      return;
    }
    session.start();
    return () => session.stop();
  }, [session, loaded]);
  // The server draws the page as this browser starts it: from what is kept (nothing, on the server).
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { session, snapshot };
}
