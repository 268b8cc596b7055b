import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

const require = createRequire(import.meta.url);

/**
 * react-router's package exports name only its development build (every condition points at
 * dist/development), which carries warnings and checks a visitor never needs. The production build
 * sits beside it with the same API; a build takes that one.
 */
export function productionBuilds(): Alias[] {
  const development = require.resolve('react-router');
  const production = path.join(path.dirname(path.dirname(development)), 'production', 'index.mjs');
  return [{ find: /^react-router$/, replacement: production }];
}
