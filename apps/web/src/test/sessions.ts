/**
 * Test helper: a browser that is logged in, as the app finds it on start: a stored session, and the
 * start-up auto-login's reply that confirms it (answer `POST /api/auto-login` with it).
 */

type Role = 'user' | 'admin';

function session(role: Role) {
  return role === 'admin'
    ? { accessToken: 'token-admin', role, isSelfPayment: false, userId: 'a1' }
    : { accessToken: 'token-123', role, isSelfPayment: false, userId: 'u1' };
}

function autoLogin(role: Role) {
  const { accessToken, ...data } = session(role);
  return { body: { accessToken, data } };
}

/** A user without the admin role. */
export function storeSession() {
  localStorage.setItem('session', JSON.stringify(session('user')));
}
export const autoLoginReply = autoLogin('user');

/** An admin. */
export function storeAdminSession() {
  localStorage.setItem('session', JSON.stringify(session('admin')));
}
export const adminAutoLogin = autoLogin('admin');
