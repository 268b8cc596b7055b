import { beforeEach, describe, expect, it } from 'vitest';
import { openGame, readActiveGame, readCachedGame, readProgress, storeCode, STORE_KEYS, STORE_VERSION, writeCachedGame, writeProgress } from './player-store.ts';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';

describe('player store (localStorage)', () => {
  beforeEach(() => localStorage.clear());

  it('opening a game starts with no code and no progress', () => {
    expect(openGame(GAME_ID)).toEqual({ game_id: GAME_ID, game_secret: null });
    expect(JSON.parse(localStorage.getItem(STORE_KEYS.active) ?? 'null')).toEqual({ game_id: GAME_ID, game_secret: null });
    expect(readProgress(GAME_ID)).toBeNull();
  });

  it('keeps the code and the last progress of the active game across visits', () => {
    openGame(GAME_ID);
    const progress = buildProgress();
    storeCode(progress);
    expect(readActiveGame()).toEqual({ game_id: GAME_ID, game_secret: CODE });
    const later = buildProgress({ questions: [{ status: 'DONE', hints: [] }], lastUpdate: '2026-05-01T10:05:00.000Z' });
    writeProgress(later);
    // A new visit to the same game keeps it all.
    expect(openGame(GAME_ID)).toEqual({ game_id: GAME_ID, game_secret: CODE });
    expect(readProgress(GAME_ID)).toEqual(later);
  });

  it('opening another game id resets the active game and the progress', () => {
    storeCode(buildProgress());
    writeCachedGame(buildGame(), CODE);
    expect(openGame('game-2')).toEqual({ game_id: 'game-2', game_secret: null });
    expect(readProgress(GAME_ID)).toBeNull();
    expect(localStorage.getItem(STORE_KEYS.progress(GAME_ID))).toBeNull();
    expect(localStorage.getItem(STORE_KEYS.game(GAME_ID))).toBeNull();
    // Coming back starts from the intro again, without a code.
    expect(openGame(GAME_ID)).toEqual({ game_id: GAME_ID, game_secret: null });
  });

  it('ignores a progress of another play and a broken stored value', () => {
    storeCode(buildProgress());
    writeProgress(buildProgress({ game_secret: 'OTHERCODE', questions: [] }));
    expect(readProgress(GAME_ID)?.questions).toHaveLength(3);
    localStorage.setItem(STORE_KEYS.progress(GAME_ID), '{not json');
    expect(readProgress(GAME_ID)).toBeNull();
  });

  it('drops what an older app version kept in another shape', () => {
    storeCode(buildProgress());
    writeCachedGame(buildGame(), CODE);
    // Before STORE_VERSION the values were kept bare.
    localStorage.setItem(STORE_KEYS.progress(GAME_ID), JSON.stringify(buildProgress()));
    localStorage.setItem(STORE_KEYS.game(GAME_ID), JSON.stringify({ secret: CODE, game: buildGame() }));
    expect(readProgress(GAME_ID)).toBeNull();
    expect(readCachedGame(GAME_ID, CODE)).toBeNull();
    // A kept value of the current version but another game is not read as this one.
    localStorage.setItem(STORE_KEYS.progress(GAME_ID), JSON.stringify({ v: STORE_VERSION, value: buildProgress({ game_id: 'game-2' }) }));
    expect(readProgress(GAME_ID)).toBeNull();
  });

  it('keeps the game reply per code, so a reload offline still shows the play', () => {
    openGame(GAME_ID);
    writeCachedGame(buildGame({}, false), null);
    expect(readCachedGame(GAME_ID, null)?.questions).toBeUndefined();
    storeCode(buildProgress());
    writeCachedGame(buildGame(), CODE);
    expect(readCachedGame(GAME_ID, CODE)?.questions).toHaveLength(3);
    expect(readCachedGame(GAME_ID, 'OTHERCODE')).toBeNull();
    expect(readCachedGame(GAME_ID, null)).toBeNull();
  });
});
