import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginReply } from '@streethunt/shared';
import { ApiError, apiRequest } from './client.ts';
import { readSession, writeSession, type StoredSession } from './token-store.ts';

/** Statuses of an auto-login reply that mean the stored token is no good (not 429 Too Many Requests). */
const refusesToken = (status: number) => status >= 400 && status < 500 && status !== 429;

type SessionState = {
  /** `checking` until the start-up auto-login has answered. */
  status: 'checking' | 'in' | 'out';
  session: StoredSession | null;
  isAdmin: boolean;
  /** Store a login or auto-login reply. */
  logIn(reply: LoginReply): void;
  logOut(): void;
};

const SessionContext = createContext<SessionState | null>(null);

function fromReply(reply: LoginReply): StoredSession {
  return { accessToken: reply.accessToken, ...reply.data };
}

/** The session is decided on every start by the auto-login reply (spec section 4, Session). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(() => readSession());
  const [checked, setChecked] = useState(() => readSession() === null);
  // Bumped by every login and logout, so a start-up auto-login that answers later cannot undo them.
  const generation = useRef(0);

  const logIn = useCallback((reply: LoginReply) => {
    generation.current++;
    const next = fromReply(reply);
    writeSession(next);
    setSession(next);
    setChecked(true);
  }, []);
  const logOut = useCallback(() => {
    generation.current++;
    writeSession(null);
    setSession(null);
    setChecked(true);
  }, []);

  useEffect(() => {
    if (!readSession()) return;
    let live = true;
    const started = generation.current;
    const current = () => live && generation.current === started;
    apiRequest<LoginReply>('/api/auto-login', { method: 'POST', body: {} })
      .then((reply) => current() && logIn(reply))
      .catch((error: unknown) => {
        if (!current()) return;
        // A refused token ends the session; a network failure is ignored (spec section 8), and so is a
        // server that is busy or failing (429, 5xx): those say nothing about the token.
        if (error instanceof ApiError && refusesToken(error.status)) logOut();
        else setChecked(true);
      });
    return () => {
      live = false;
    };
  }, [logIn, logOut]);

  const value = useMemo<SessionState>(
    () => ({
      status: !checked ? 'checking' : session ? 'in' : 'out',
      session,
      isAdmin: session?.role === 'admin',
      logIn,
      logOut,
    }),
    [checked, session, logIn, logOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
