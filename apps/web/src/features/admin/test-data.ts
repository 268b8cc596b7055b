/** Test data of the admin's game pages. */
import type { AdminGame } from '@streethunt/shared';

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
