import type { ChildProcess } from 'node:child_process';

/** The next IPC message of a child that `accept` takes, or an error after `timeoutMs` or if the child exits. */
export function nextMessage<M>(child: ChildProcess, accept: (message: M) => boolean, timeoutMs: number, what: string): Promise<M> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: M) => {
      if ((message as { type?: string }).type === 'error') done(new Error(`${what}: ${(message as unknown as { message: string }).message}`));
      else if (accept(message)) done(null, message);
    };
    const onExit = (code: number | null) => done(new Error(`${what}: the process exited (${code})`));
    function done(error: Error | null, message?: M) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
