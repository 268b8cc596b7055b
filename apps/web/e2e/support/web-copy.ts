import { appendFile, cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.ts';

export type WebCopy = {
  /** The copy's dist/, for the server's WEB_DIST. */
  dist: string;
  /** Makes the copy a new deploy: sw.js differs by a comment, so browsers install it as a new version. */
  deployNewVersion(): Promise<void>;
  remove(): Promise<void>;
};

/**
 * A copy of the built web app (apps/web/dist) that a test may change while its server serves it,
 * without touching the build other test files serve. dist-server beside it is a link to the real one,
 * so the server's renderer still finds its packages. sw.js has no compressed twins in the copy: the
 * server sends the file as it is, changed or not.
 */
export async function copyWebBuild(): Promise<WebCopy> {
  const base = await mkdtemp(path.join(tmpdir(), 'streethunt-web-copy-'));
  const dist = path.join(base, 'dist');
  await cp(path.join(repoRoot, 'apps/web/dist'), dist, { recursive: true, filter: (source) => !/[\\/]sw\.js\.(?:br|gz)$/.test(source) });
  await symlink(path.join(repoRoot, 'apps/web/dist-server'), path.join(base, 'dist-server'), 'dir');
  let version = 1;
  return {
    dist,
    deployNewVersion: () => appendFile(path.join(dist, 'sw.js'), `\n// deploy ${++version}\n`),
    remove: () => rm(base, { recursive: true, force: true }),
  };
}
