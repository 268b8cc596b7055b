import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { injectManifest } from 'workbox-build';
import type { Manifest } from './bundle-budget.ts';
import { playerFiles } from './precache-files.ts';

const SOURCE = path.resolve(import.meta.dirname, '../src/sw/service-worker.ts');
const SERVICE_WORKER_FILE = 'sw.js';

/**
 * What the worker keeps ahead (its precache): the shell page, the icons, and the hashed code, styles
 * and fonts a player reaches (build/precache-files.ts). Not the `.br`/`.gz` twins (the server picks
 * those per request), nor the build's manifest.
 */
const SHELL_FILES = ['index.html', 'favicon.svg', 'manifest.webmanifest', 'icons/*.png'];

/**
 * dist/sw.js from src/sw/service-worker.ts: bundled on its own (a classic script, as browsers run
 * service workers everywhere), then Workbox writes into it the list of files to keep, each with its
 * revision (a file under assets/ is revised by the hash in its name, the others by their content).
 * Production builds only: `vite` (development) has no worker (app/startup.ts registers none there).
 */
export function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'streethunt:service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the app's files are written, before precompress (closeBundle) compresses sw.js with them.
    async writeBundle() {
      const swDest = path.join(outDir, SERVICE_WORKER_FILE);
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      await build({
        configFile: false,
        logLevel: 'warn',
        // Workbox leaves its development logging out on this.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          minify: true,
          lib: { entry: SOURCE, formats: ['iife'], name: 'streethuntWorker', fileName: () => SERVICE_WORKER_FILE },
        },
      });
      const { count, size, warnings } = await injectManifest({
        swSrc: swDest,
        swDest,
        globDirectory: outDir,
        globPatterns: [...SHELL_FILES, ...playerFiles(manifest)],
        // The hash in the name is the revision.
        dontCacheBustURLsMatching: /^assets\//,
        // Nothing a player needs may be left out silently for its size.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      });
      if (warnings.length) throw new Error(`service worker: ${warnings.join('; ')}`);
      const gzipped = gzipSync(await readFile(swDest)).length;
      this.info(`service worker: ${count} files kept ahead (${(size / 1000).toFixed(0)} kB), sw.js ${(gzipped / 1000).toFixed(1)} kB gzipped`);
    },
  };
}
