/** Test data of the users list. */
import type { UserListItem } from '@streethunt/shared';

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
