import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './server-process.ts';

/**
 * A Redis server of the test's own (Debian's redis-server, on the machine the tests run on), on its
 * own port, so a test can stop and start it without touching the Redis other tests share.
 */
export type PrivateRedis = { url: string; port: number; start(): Promise<void>; stop(): Promise<void> };

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    child = null;
  };
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const failed = new Promise<never>((_, reject) => child!.once('error', (error) => reject(new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`))));
    const answers = async () => {
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    };
    const answered = (async () => {
      for (let i = 0; i < 100; i++) {
        if (await answers()) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server on port ${port} did not answer`);
    })();
    try {
      await Promise.race([answered, failed]);
    } catch (error) {
      await stop();
      throw error;
    }
  };
  process.once('exit', () => child?.kill('SIGKILL'));
  await start();
  return { url, port, start, stop };
}
