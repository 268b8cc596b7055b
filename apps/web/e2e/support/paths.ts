import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (the server starts there, as `npm start` does). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The built SPA the server serves; `npm test` builds it first. */
export const webIndexHtml = path.join(repoRoot, 'apps/web/dist/index.html');

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The system Chromium (Debian's `chromium` package). CHROMIUM_PATH overrides the lookup.
 * We never download a browser: playwright-core only drives the one the machine has.
 */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : null;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (found && isExecutable(found)) return found;
    } catch {
      /* not on PATH: try the next name */
    }
  }
  return null;
}
