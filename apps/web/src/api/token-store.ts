import type { Role } from '@streethunt/shared';

/** What the browser keeps of a session (spec section 3, local persistence). */
export type StoredSession = { accessToken: string; role: Role; userId: string; isSelfPayment: boolean };

/** Where the session is kept; index.html's start-up script reads it too (build/boot-script.ts). */
export const SESSION_STORAGE_KEY = 'session';
const KEY = SESSION_STORAGE_KEY;

export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession | null): void {
  if (session) localStorage.setItem(KEY, JSON.stringify(session));
  else localStorage.removeItem(KEY);
}

export function readToken(): string | null {
  return readSession()?.accessToken ?? null;
}
