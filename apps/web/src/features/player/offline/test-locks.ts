import { afterAll, beforeAll, vi } from 'vitest';

/** A lock manager as browsers have it: one holder of a name at a time, the others wait in turn. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request(name: string, callback: () => Promise<unknown>) {
      names.push(name);
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * The test window stands in for the browser's service worker container and lock manager (tabs of one
 * browser send one at a time) for the tests of the file that calls this.
 */
export function fakeWorkerAndLocks() {
  const worker = Object.assign(new EventTarget(), { ready: Promise.resolve({ sync: { register: vi.fn(async (_tag: string) => undefined) } }) });
  const locks = fakeLocks();
  const saved = { serviceWorker: Object.getOwnPropertyDescriptor(navigator, 'serviceWorker'), locks: Object.getOwnPropertyDescriptor(navigator, 'locks') };
  beforeAll(() => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
  });
  afterAll(() => {
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(navigator, key, descriptor);
      else Reflect.deleteProperty(navigator, key);
    }
  });
  return { worker, locks };
}
