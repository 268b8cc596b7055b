/**
 * `node --import tsx apps/server/bench/seed-data-dir.ts DATA_DIR COUNT`: a DATA_DIR with the demo and
 * COUNT more approved games, for a server started on it afterwards (the web app's Lighthouse run).
 */
import { seedDataDir } from './seed-games.ts';

const [dataDir, count] = process.argv.slice(2);
if (!dataDir || !/^\d+$/.test(count ?? '')) {
  console.error('usage: seed-data-dir.ts DATA_DIR COUNT');
  process.exit(2);
}
await seedDataDir(dataDir, Number(count));
