import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootScript } from './build/boot-script.ts';
import { deferredStyles } from './build/deferred-styles.ts';
import { firstLoadChunking } from './build/first-load-chunk.ts';
import { precompress } from './build/precompress.ts';
import { preactAliases } from './build/preact-aliases.ts';

const api = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), bootScript(), deferredStyles(), precompress()],
  resolve: { alias: preactAliases },
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api, '/socket.io': { target: api, ws: true } },
  },
  // The manifest lets scripts/check-bundle-budget.ts follow each route's static imports.
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 600, rolldownOptions: { output: { codeSplitting: firstLoadChunking() } } },
});
