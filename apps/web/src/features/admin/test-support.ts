/** Test data and sessions for the admin pages' tests (rendered with ../my-games/test-render.tsx). */
import type { AdminGame, UserListItem } from '@streethunt/shared';

const ADMIN_SESSION = { accessToken: 'token-admin', role: 'admin', isSelfPayment: false, userId: 'a1' };
const USER_SESSION = { accessToken: 'token-user', role: 'user', isSelfPayment: false, userId: 'u1' };

/** A stored admin session and the start-up auto-login's reply that confirms it. */
export function storeAdminSession() {
  localStorage.setItem('session', JSON.stringify(ADMIN_SESSION));
}
export const adminAutoLogin = { body: { accessToken: ADMIN_SESSION.accessToken, data: { role: 'admin', isSelfPayment: false, userId: ADMIN_SESSION.userId } } };

/** A stored session of a user without the admin role, and its auto-login reply. */
export function storeUserSession() {
  localStorage.setItem('session', JSON.stringify(USER_SESSION));
}
export const userAutoLogin = { body: { accessToken: USER_SESSION.accessToken, data: { role: 'user', isSelfPayment: false, userId: USER_SESSION.userId } } };

export function adminGame(
  id: string,
  overrides: { status?: AdminGame['status']; reviewNote?: string | null; version?: number } & Partial<AdminGame['metadata']> = {},
): AdminGame {
  const { status = 'PENDING', reviewNote = null, version = 1, ...metadata } = overrides;
  return {
    _id: id,
    userId: 'u1',
    status,
    metadata: { name: `Game ${id}`, locationCity: 'תל אביב', price: 45, currencyCode: 'ILS', ...metadata },
    updatedAt: '2026-03-01T10:00:00.000Z',
    version,
    reviewNote,
    creator: { firstName: 'Dana', lastName: 'Levi', email: 'dana@example.com' },
  };
}

export function listedUser(id: string, overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    _id: id,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    email: `user${id}@example.com`,
    phone: '0501234567',
    createdAt: '2026-02-01T09:30:00.000Z',
    role: 'user',
    ...overrides,
  };
}
