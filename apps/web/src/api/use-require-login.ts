import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from './client.ts';
import { useSession } from './session.tsx';
import { loginPathFor } from './return-path.ts';

/**
 * For pages of logged-in users: once the session is known to be out, go to the login page, which comes
 * back here afterwards. Returns the session so the page can wait while it is `checking`.
 */
export function useRequireLogin(path: string) {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status === 'out') navigate(loginPathFor(path), { replace: true });
  }, [session.status, navigate, path]);
  return session;
}

/** A 401 on a logged-in page means the stored token is no longer accepted: end the session. */
export function useLogOutOnUnauthorized(error: unknown) {
  const { logOut } = useSession();
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) logOut();
  }, [error, logOut]);
}
