import { beforeEach, describe, expect, it } from 'vitest';
import { openGame, readActiveGame, readCachedGame, readGrant, readProgress, storeCode, STORE_KEYS, STORE_VERSION, writeCachedGame, writeProgress } from './player-store.ts';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { keptGet, keptPut, forgetKept } from './offline/kept-play.ts';

describe('player store (the offline store)', () => {
  beforeEach(() => forgetKept());

  it('opening a game starts with no code and no progress', () => {
    expect(openGame(GAME_ID)).toEqual({ game_id: GAME_ID, game_secret: null });
    expect(keptGet(STORE_KEYS.active)).toEqual({ game_id: GAME_ID, game_secret: null });
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
    expect(keptGet(STORE_KEYS.progress(GAME_ID))).toBeNull();
    expect(keptGet(STORE_KEYS.game(GAME_ID))).toBeNull();
    // Coming back starts from the intro again, without a code.
    expect(openGame(GAME_ID)).toEqual({ game_id: GAME_ID, game_secret: null });
  });

  it('ignores a progress of another play and a broken stored value', () => {
    storeCode(buildProgress());
    writeProgress(buildProgress({ game_secret: 'OTHERCODE', questions: [] }));
    expect(readProgress(GAME_ID)?.questions).toHaveLength(3);
    keptPut(STORE_KEYS.progress(GAME_ID), '{not json');
    expect(readProgress(GAME_ID)).toBeNull();
  });

  it('drops what an older app version kept in another shape', () => {
    storeCode(buildProgress());
    writeCachedGame(buildGame(), CODE);
    // Before STORE_VERSION the values were kept bare.
    keptPut(STORE_KEYS.progress(GAME_ID), buildProgress());
    keptPut(STORE_KEYS.game(GAME_ID), { secret: CODE, game: buildGame() });
    expect(readProgress(GAME_ID)).toBeNull();
    expect(readCachedGame(GAME_ID, CODE)).toBeNull();
    // A kept value of the current version but another game is not read as this one.
    keptPut(STORE_KEYS.progress(GAME_ID), { v: STORE_VERSION, value: buildProgress({ game_id: 'game-2' }) });
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

  it('keeps the play’s grant beside the active game, for that game and code only', () => {
    const GRANT = 'g7RantOfThisPlay_-0123';
    openGame(GAME_ID);
    storeCode(buildProgress(), GRANT);
    expect(readGrant(GAME_ID, CODE)).toBe(GRANT);
    // The active game keeps the spec's shape.
    expect(keptGet(STORE_KEYS.active)).toEqual({ game_id: GAME_ID, game_secret: CODE });
    expect(readGrant(GAME_ID, 'OTHERCODE')).toBeUndefined();
    expect(readGrant('game-2', CODE)).toBeUndefined();
    expect(readGrant(GAME_ID, null)).toBeUndefined();
    // A reply without a grant (the same play again) keeps the one kept.
    storeCode(buildProgress());
    expect(readGrant(GAME_ID, CODE)).toBe(GRANT);
    // Another code's play drops it.
    storeCode(buildProgress({ game_secret: 'OTHERCODE' }));
    expect(readGrant(GAME_ID, CODE)).toBeUndefined();
    expect(readGrant(GAME_ID, 'OTHERCODE')).toBeUndefined();
    storeCode(buildProgress(), GRANT);
    // Opening the same game keeps it; another game forgets it.
    openGame(GAME_ID);
    expect(readGrant(GAME_ID, CODE)).toBe(GRANT);
    openGame('game-2');
    expect(keptGet(STORE_KEYS.grant)).toBeNull();
    expect(readGrant(GAME_ID, CODE)).toBeUndefined();
  });

  it('a kept grant that does not read is no grant', () => {
    storeCode(buildProgress());
    for (const junk of ['{not json', { game_id: GAME_ID, game_secret: CODE }, { game_id: GAME_ID, game_secret: CODE, grant: 7 }, 7]) {
      keptPut(STORE_KEYS.grant, junk);
      expect(readGrant(GAME_ID, CODE)).toBeUndefined();
    }
  });
});
