import type { MyGame } from '@streethunt/shared';

/** A game of the creator's list, for the creator pages' tests. */
export function myGame(id: string, overrides: { status?: MyGame['status'] } & Partial<MyGame['metadata']> = {}): MyGame {
  const { status = 'DRAFT', ...metadata } = overrides;
  return {
    _id: id,
    status,
    metadata: { name: `Game ${id}`, locationCity: 'תל אביב', price: 45, currencyCode: 'ILS', ...metadata },
    questionCount: 3,
    updatedAt: '2025-03-01T10:00:00.000Z',
  };
}
