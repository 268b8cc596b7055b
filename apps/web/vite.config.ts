import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootScript } from './build/boot-script.ts';
import { deferredStyles } from './build/deferred-styles.ts';
import { firstLoadChunking } from './build/first-load-chunk.ts';
import { precompress } from './build/precompress.ts';
import { productionBuilds } from './build/production-builds.ts';
import { serviceWorker } from './build/service-worker.ts';
import { trimmedMantineVariables } from './build/trim-mantine-variables.ts';

const api = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// Two builds: the browser's (dist/) and, with --ssr, the server's renderer of the first screen
// (src/entry-server.tsx into dist-server/, which the API server imports).
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), trimmedMantineVariables(), bootScript(), deferredStyles(), serviceWorker(), precompress()],
  resolve: { alias: command === 'build' ? productionBuilds() : [] },
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api, '/socket.io': { target: api, ws: true } },
  },
  // The manifest lets scripts/check-bundle-budget.ts follow each route's static imports.
  build: isSsrBuild
    ? { outDir: 'dist-server', sourcemap: false, emptyOutDir: true }
    : { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 600, rolldownOptions: { output: { codeSplitting: firstLoadChunking() } } },
}));
