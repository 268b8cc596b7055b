/**
 * Fails (exit 1) when the first load of /games or /game/{id} ships more than 150 KB of gzipped
 * JavaScript (DESIGN.md section 7), is split into more than FIRST_LOAD_MAX_FILES files, or uses a
 * Mantine component whose styles it does not load.
 * Reads the built app: run `npm run build` first.
 * `npm test` runs it after the build; `--verbose` lists every file counted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_LOAD_BUDGET_BYTES, FIRST_LOAD_MAX_FILES, weighRoutes, type Manifest } from '../build/bundle-budget.ts';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
} catch (error) {
  console.error(`bundle budget: cannot read ${manifestPath} (${(error as Error).message}); run \`npm run build\` first`);
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const weights = weighRoutes(manifest, (file) => readFileSync(path.join(dist, file)));
for (const route of weights) {
  console.log(
    `${route.overBudget || route.tooManyFiles ? 'OVER' : 'ok  '} ${route.path}: ${kb(route.gzip)} of gzipped JavaScript on first load (budget ${kb(FIRST_LOAD_BUDGET_BYTES)}), ${route.files.length} files (at most ${FIRST_LOAD_MAX_FILES})`,
  );
  if (route.overBudget || route.tooManyFiles || process.argv.includes('--verbose')) {
    for (const file of [...route.files].sort((a, b) => b.gzip - a.gzip)) console.log(`       ${kb(file.gzip).padStart(9)}  ${file.file}`);
  }
}
for (const route of weights.filter((r) => r.unstyled.length)) {
  console.error(`UNSTYLED ${route.path}: its first-load code uses Mantine classes that its first-load CSS lacks: ${route.unstyled.join(', ')}`);
  console.error('       import the components\' .layer.css in src/app/styles/first-load.ts (grep node_modules/@mantine/core/styles for the class)');
}
if (weights.some((route) => route.unstyled.length)) process.exitCode = 1;
if (weights.some((route) => route.tooManyFiles)) {
  console.error('bundle budget: too many first-load files; see build/first-load-chunk.ts.');
  process.exitCode = 1;
}
if (weights.some((route) => route.overBudget)) {
  console.error('bundle budget: over budget. Move what the page does not show first behind a lazy import().');
  process.exit(1);
}
