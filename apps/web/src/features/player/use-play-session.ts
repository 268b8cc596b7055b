import { useEffect, useState, useSyncExternalStore } from 'react';
import { playerApi } from './api.ts';
import { connectLive } from './live-socket.ts';
import { isKeptLoaded, loadKept } from './offline/kept-play.ts';
import { PlaySession, type PlaySnapshot } from './play-session.ts';

/**
 * The play of one game in this browser, live; one session per mounted player page. What the phone
 * keeps is read from the offline database first: until then the page shows what the server drew (it
 * keeps nothing), then the session resumes from what is kept and starts (`loaded`).
 */
export function usePlaySession(gameId: string): { session: PlaySession; snapshot: PlaySnapshot; loaded: boolean } {
  const [session] = useState(() => new PlaySession(gameId, { start: playerApi.start, progress: playerApi.progress, connectLive }));
  // False while hydrating the server's page (nothing is read before the page's effects run).
  const [loaded, setLoaded] = useState(isKeptLoaded);
  useEffect(() => {
    if (!loaded) {
      void loadKept().then(() => {
        session.resume();
        setLoaded(true);
      });
      return;
    }
    session.start();
    return () => session.stop();
  }, [session, loaded]);
  // The server draws the page as this browser starts it: from what is kept (nothing, on the server).
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { session, snapshot, loaded };
}
