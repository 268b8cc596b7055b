import { useEffect, useState, useSyncExternalStore } from 'react';
import { playerApi } from './api.ts';
import { connectLive } from './live-socket.ts';
import { PlaySession, type PlaySnapshot } from './play-session.ts';

/** The play of one game in this browser, live; one session per mounted player page. */
export function usePlaySession(gameId: string): { session: PlaySession; snapshot: PlaySnapshot } {
  const [session] = useState(() => new PlaySession(gameId, { start: playerApi.start, progress: playerApi.progress, connectLive }));
  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);
  // The server draws the page as this browser starts it: from what is kept (nothing, on the server).
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { session, snapshot };
}
