import type { Db } from '../src/db/client.ts';
/** Cities with a centre, in both languages: a game's city is written in its own language. */
export declare const BENCH_CITIES: Array<[he: string, en: string, lat: number, lng: number]>;
/**
 * `count` approved games of 200 new creators, listed a minute apart (the newest a minute ago): half in
 * Hebrew, half in English, a fifth free, two thirds with a map, a tenth without a start, the starts
 * scattered over about 10 km around ten cities. Each has the factory game's intro and questions, so
 * rows are as heavy as real ones.
 */
export declare function seedApprovedGames(db: Db, count: number): Promise<void>;
/**
 * A server's DATA_DIR prepared before it starts (PGlite allows one process at a time): migrated, the
 * demo seeded as `npm start` does, and `count` more approved games, all listed before the demo's.
 */
export declare function seedDataDir(dataDir: string, count: number): Promise<void>;
