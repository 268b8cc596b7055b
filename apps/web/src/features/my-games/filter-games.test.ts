import { describe, expect, it } from 'vitest';
import { countByFilter, filterGames } from './filter-games.ts';
import { myGame } from './test-data.ts';

const games = [
  myGame('a', { name: 'Neve  Tzedek Secrets', locationCity: 'Tel Aviv', status: 'APPROVED' }),
  myGame('b', { name: 'נמל יפו', locationCity: 'יפו', status: 'DRAFT' }),
  myGame('c', { name: 'Old City', locationCity: 'Jerusalem', status: 'PENDING' }),
];
const ids = (list: { _id: string }[]) => list.map((game) => game._id);

describe('filterGames', () => {
  it('keeps exactly the chosen status; all keeps every game, pending ones too', () => {
    expect(ids(filterGames(games, 'all', ''))).toEqual(['a', 'b', 'c']);
    expect(ids(filterGames(games, 'APPROVED', ''))).toEqual(['a']);
    expect(ids(filterGames(games, 'DRAFT', ''))).toEqual(['b']);
  });

  it('searches name and city, ignoring case and extra white space', () => {
    expect(ids(filterGames(games, 'all', '  neve tzedek '))).toEqual(['a']);
    expect(ids(filterGames(games, 'all', 'JERUSALEM'))).toEqual(['c']);
    expect(ids(filterGames(games, 'all', 'יפו'))).toEqual(['b']);
    expect(ids(filterGames(games, 'APPROVED', 'יפו'))).toEqual([]);
  });

  it('counts what each filter holds, and the pending games apart', () => {
    expect(countByFilter(games)).toEqual({ all: 3, APPROVED: 1, DRAFT: 1, pending: 1 });
  });
});
