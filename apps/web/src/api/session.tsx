import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginReply } from '@streethunt/shared';
import { ApiError, apiRequest } from './client.ts';
import { readSession, writeSession, type StoredSession } from './token-store.ts';

/** Statuses of an auto-login reply that mean the stored token is no good (not 429 Too Many Requests). */
const refusesToken = (status: number) => status >= 400 && status < 500 && status !== 429;
/** After a 429, auto-login is asked again this many times, each after the reply's Retry-After (at most this long). */
const AUTO_LOGIN_RETRIES = 3;
const AUTO_LOGIN_MAX_WAIT_S = 60;

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
    let retry: ReturnType<typeof setTimeout> | undefined;
    const started = generation.current;
    const current = () => live && generation.current === started;
    const check = (attempt: number) =>
      apiRequest<LoginReply>('/api/auto-login', { method: 'POST', body: {} })
        .then((reply) => current() && logIn(reply))
        .catch((error: unknown) => {
          if (!current()) return;
          // A refused token ends the session; a network failure is ignored (spec section 8), and so is a
          // server that is failing (5xx): those say nothing about the token. The stored session goes on.
          if (error instanceof ApiError && refusesToken(error.status)) return logOut();
          setChecked(true);
          // Too many at once (429): ask again when the server says, so the session is renewed after all.
          if (error instanceof ApiError && error.status === 429 && attempt < AUTO_LOGIN_RETRIES) {
            const seconds = Math.min(Math.max(error.retryAfterSeconds ?? 1, 1), AUTO_LOGIN_MAX_WAIT_S);
            retry = setTimeout(() => void check(attempt + 1), seconds * 1000);
          }
        });
    void check(0);
    return () => {
      live = false;
      clearTimeout(retry);
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
