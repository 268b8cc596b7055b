import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own (Debian's binaries, a new cluster in a temp folder, its own
 * port), so a test can stop and start it under load without touching the server other tests share.
 * PostgreSQL refuses to run as root: as root, it runs as the `postgres` user.
 */
export type PrivatePostgres = { url: string; start(): Promise<void>; stop(mode?: 'fast' | 'immediate'): Promise<void>; remove(): Promise<void> };

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return path.join(root, versions[0], 'bin');
}

export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await run('id', ['-u', 'postgres']).then(({ stdout }) => Number(stdout.trim())) : null;
  const as = (command: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));
  const dir = mkdtempSync(path.join(tmpdir(), 'streethunt-pg-'));
  if (owner !== null) chownSync(dir, owner, owner);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await as(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const start = async () => {
    await as(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']).catch(() => undefined);
  };
  process.once('exit', () => {
    // Best effort when a test dies without remove(): the server would outlive the run otherwise.
    try {
      execFile(asRoot ? 'runuser' : path.join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      /* gone already */
    }
  });
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
