import type { GameStatus, MyGame } from '@streethunt/shared';

/** The status filter of /my-games (spec section 2): all, or exactly one of these statuses. */
export const STATUS_FILTERS = ['all', 'APPROVED', 'DRAFT'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Lower case, no outer or doubled white space: how both the search and the games' text are compared. */
const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** The games the filter holds whose name or city contains the search (case-insensitive). */
export function filterGames(games: readonly MyGame[], status: StatusFilter, search: string): MyGame[] {
  const needle = fold(search);
  return games.filter(
    (game) =>
      (status === 'all' || game.status === status) &&
      (!needle || fold(game.metadata.name).includes(needle) || fold(game.metadata.locationCity).includes(needle)),
  );
}

/** How many games each filter holds, for its label. */
export function countByFilter(games: readonly MyGame[]): Record<StatusFilter, number> & { pending: number } {
  const count = (status: GameStatus) => games.filter((game) => game.status === status).length;
  return { all: games.length, APPROVED: count('APPROVED'), DRAFT: count('DRAFT'), pending: count('PENDING') };
}
