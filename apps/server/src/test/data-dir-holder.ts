import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Another process with PGlite open on `dataDir`, as the running server would have it. */
export async function holdDataDir(dataDir: string): Promise<{ pid: number; release(): Promise<void> }> {
  const holder = spawn(
    process.execPath,
    ['--input-type=module', '-e', "import { PGlite } from '@electric-sql/pglite'; const db = new PGlite(process.argv[1]); await db.waitReady; console.log('ready'); setInterval(() => {}, 1000);", dataDir],
    { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    holder.once('exit', (code) => reject(new Error(`the process holding ${dataDir} exited with ${code}`)));
  });
  return {
    pid: holder.pid ?? -1,
    async release() {
      if (holder.exitCode === null && holder.signalCode === null) holder.kill();
      await exited;
    },
  };
}
