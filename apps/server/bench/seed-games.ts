/**
 * Many approved games for the benchmarks (`bench/games-list.ts`, and the web app's Lighthouse run at
 * 10,000 games): a few statements of INSERT ... SELECT, so 10,000 take seconds, not minutes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { gameContent } from '../src/test/factories.ts';
import { databaseOptionsFromConfig, openDatabase } from '../src/db/client.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemo } from '../src/demo/demo.ts';
import { createStorage } from '../src/platform/storage/create-storage.ts';

/** Cities with a centre, in both languages: a game's city is written in its own language. */
export const BENCH_CITIES: Array<[he: string, en: string, lat: number, lng: number]> = [
  ['תל אביב-יפו', 'Tel Aviv-Yafo', 32.0853, 34.7818],
  ['ירושלים', 'Jerusalem', 31.7683, 35.2137],
  ['חיפה', 'Haifa', 32.794, 34.9896],
  ['באר שבע', 'Beersheba', 31.2518, 34.7913],
  ['אילת', 'Eilat', 29.5577, 34.9519],
  ['נצרת', 'Nazareth', 32.6996, 35.3035],
  ['צפת', 'Safed', 32.9646, 35.496],
  ['עכו', 'Acre', 32.9281, 35.0818],
  ['הרצליה', 'Herzliya', 32.1624, 34.8447],
  ['רחובות', 'Rehovot', 31.8928, 34.8113],
];

/**
 * `count` approved games of 200 new creators, listed a minute apart (the newest a minute ago): half in
 * Hebrew, half in English, a fifth free, two thirds with a map, a tenth without a start, the starts
 * scattered over about 10 km around ten cities. Each has the factory game's intro and questions, so
 * rows are as heavy as real ones.
 */
export async function seedApprovedGames(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into users (id, first_name, last_name, email, password_hash, phone, affiliate_code)
    select 'c' || lpad(to_hex(i), 23, '0'), 'Creator' || i, 'Bench', 'creator' || i || '@bench.example.com', 'dummy-hash', '0500000000', 'B' || lpad(i::text, 7, '0')
    from generate_series(1, 200) as i`);
  const content = gameContent();
  const cities = JSON.stringify(BENCH_CITIES);
  await db.execute(sql`
    insert into games (id, user_id, status, metadata, intro_page, questions, gameover_page, approved_at, created_at)
    select lpad(to_hex(i), 24, '0'),
           'c' || lpad(to_hex(1 + i % 200), 23, '0'),
           'APPROVED',
           jsonb_build_object(
             'name', case when i % 2 = 0 then 'ציד ' || i || ' ב' || (c->>0) else 'Hunt ' || i || ' in ' || (c->>1) end,
             'locationCity', case when i % 2 = 0 then c->>0 else c->>1 end,
             'locationText', 'Meet by the big fountain, corner of the main street and the market, number ' || i,
             'price', case when i % 5 = 0 then '' else (30 + i % 90)::text end,
             'currencyCode', 'ILS',
             'language', case when i % 2 = 0 then 'he' else 'en' end,
             'map', i % 3 <> 0,
             'coverImage', '',
             'location', case when i % 10 = 3 then null else jsonb_build_object(
               'lat', (c->>2)::float8 + (random() - 0.5) * 0.1,
               'lng', (c->>3)::float8 + (random() - 0.5) * 0.1) end),
           ${JSON.stringify(content.introPage)}::jsonb,
           ${JSON.stringify(content.questions)}::jsonb,
           ${JSON.stringify(content.gameoverPage)}::jsonb,
           now() - make_interval(mins => i),
           now() - make_interval(mins => i + 60)
    from generate_series(1, ${count}::int) as i,
         lateral (select ${cities}::jsonb -> ((i / 2) % ${BENCH_CITIES.length}) as c) as city`);
  await db.execute(sql`analyze games`);
}

/**
 * A server's DATA_DIR prepared before it starts (PGlite allows one process at a time): migrated, the
 * demo seeded as `npm start` does, and `count` more approved games, all listed before the demo's.
 */
export async function seedDataDir(dataDir: string, count: number): Promise<void> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    await database.migrate();
    await seedDemo(database.db, createStorage(config));
    await seedApprovedGames(database.db, count);
  } finally {
    await database.close();
  }
}
