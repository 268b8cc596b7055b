import { describe, expect, it } from 'vitest';
import { PACK_FORMAT_VERSION, PACK_RECORD_URL, type PackPlan } from '@streethunt/shared';
import { BACKOFF_MS, downloadPack, estimatePack, type PackDeps } from './download-pack.ts';
import { listPacks, removePack, type PackCache, type PackCaches } from '../../../ui/offline/pack-storage.ts';

const BASE = 'https://app.example/game/g1';

/** Cache Storage in memory; `room` bytes before put throws QuotaExceededError. */
function memoryCaches(room = Infinity) {
  const stores = new Map<string, Map<string, Response>>();
  let used = 0;
  const caches: PackCaches = {
    async open(name) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      const cache: PackCache = {
        async put(request, response) {
          const body = await response.clone().arrayBuffer();
          if (used + body.byteLength > room) throw new DOMException('full', 'QuotaExceededError');
          used += body.byteLength;
          store.set(String(request), response);
        },
        async match(request) {
          return store.get(String(request))?.clone();
        },
      };
      return cache;
    },
    delete: async (name) => stores.delete(name),
    keys: async () => [...stores.keys()],
    has: async (name) => stores.has(name),
  };
  return { caches, stores };
}

function fakeFetch(answer: (url: string, method: string) => Response) {
  const calls: string[] = [];
  const fetch: PackDeps['fetch'] = async (url, init) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    return answer(url, method);
  };
  return { fetch, calls };
}

const bytes = (n: number, type = 'image/webp') => new Response(new Uint8Array(n), { headers: { 'content-type': type, 'content-length': String(n) } });

const plan: PackPlan = {
  gameId: 'g1',
  media: [
    { url: '/media/c/0123456789abcdef.webp?w=480', kind: 'image', stop: null },
    { url: '/media/q/1111111111111111.webp', kind: 'image', stop: 0 },
    { url: '/media/q/2222222222222222.webp', kind: 'image', stop: 1 },
    { url: '/media/a/3333333333333333.mp3', kind: 'audio', stop: 1 },
  ],
  tiles: ['https://tiles.example/15/1/1.png', 'https://tiles.example/15/2/1.png', 'https://tiles.example/15/3/1.png'],
  zooms: [15],
  zoomDropped: false,
  tileMode: 'area',
  stops: 3,
};

function deps(fetch: PackDeps['fetch'], caches: PackCaches, waits: number[] = []): PackDeps {
  return { fetch, caches, base: BASE, sleep: async (ms) => void waits.push(ms) };
}

describe('the pack downloader', () => {
  it('sizes the pack from HEAD before downloading, then keeps everything and reads it back', async () => {
    const { caches, stores } = memoryCaches();
    const { fetch, calls } = fakeFetch((url) => (url.endsWith('.mp3') ? bytes(5000, 'audio/mpeg') : bytes(1000)));
    const estimate = await estimatePack(plan, 300, deps(fetch, caches), { quota: 1_000_000_000, usage: 0 });
    expect(calls.every((call) => call.startsWith('HEAD '))).toBe(true);
    expect(estimate.bytes).toBe(300 + 3 * 1000 + 5000 + 3 * 20_000);
    expect(estimate.shortBytes).toBe(0);
    expect(stores.size).toBe(0);

    const progress: number[] = [];
    const result = await downloadPack({ plan, estimate, name: 'Walk', saveReply: async () => 300, onProgress: (done) => progress.push(done) }, deps(fetch, caches));
    expect(result).toMatchObject({ stops: 3, stopsReady: 3, missing: { image: 0, audio: 0, video: 0 }, tilesPlanned: 3, tilesSaved: 3, mapPartly: false, shortBytes: 0 });
    expect(result.bytes).toBe(300 + 3 * 1000 + 5000 + 3 * 1000);
    expect(progress.at(-1)).toBe(8);
    expect([...stores.get('pack-g1')!.keys()]).toContain('https://app.example/media/c/0123456789abcdef.webp?w=480');
    const [record] = await listPacks(caches, BASE);
    expect(record).toMatchObject({ gameId: 'g1', name: 'Walk', version: PACK_FORMAT_VERSION, bytes: result.bytes });
  });

  it('counts the stops whose files are missing', async () => {
    const { caches } = memoryCaches();
    const { fetch } = fakeFetch((url) => (url.includes('2222') || url.endsWith('.mp3') ? new Response('', { status: 404 }) : bytes(10)));
    const estimate = await estimatePack(plan, 0, deps(fetch, caches));
    const result = await downloadPack({ plan, estimate, name: 'Walk', saveReply: async () => 0 }, deps(fetch, caches));
    expect(result).toMatchObject({ stops: 3, stopsReady: 2, missing: { image: 1, audio: 1, video: 0 } });
  });

  it('backs off a tile server answering 429, then stops asking it and says the map is partly kept', async () => {
    const { caches } = memoryCaches();
    const waits: number[] = [];
    let tileCalls = 0;
    const { fetch } = fakeFetch((url) => {
      if (!url.startsWith('https://tiles.example/')) return bytes(10);
      tileCalls++;
      return url.endsWith('/1/1.png') ? bytes(10, 'image/png') : new Response('', { status: 429 });
    });
    const estimate = await estimatePack(plan, 0, deps(fetch, caches));
    const result = await downloadPack({ plan, estimate, name: 'Walk', saveReply: async () => 0 }, deps(fetch, caches, waits));
    expect(waits).toEqual([...BACKOFF_MS]);
    expect(tileCalls).toBe(1 + 1 + BACKOFF_MS.length);
    expect(result).toMatchObject({ mapPartly: true, tilesSaved: 1, tilesPlanned: 3, stopsReady: 3 });
  });

  it('keeps what fits in a full storage and says how much is missing', async () => {
    const { caches } = memoryCaches(2500);
    const { fetch } = fakeFetch(() => bytes(1000));
    const estimate = await estimatePack(plan, 0, deps(fetch, caches), { quota: 2500, usage: 0 });
    expect(estimate.shortBytes).toBe(estimate.bytes - 2500);
    const result = await downloadPack({ plan, estimate, name: 'Walk', saveReply: async () => 0 }, deps(fetch, caches));
    // Two files fit; the third hits the quota, so it and everything after it are missing.
    expect(result.bytes).toBe(2000);
    expect(result.shortBytes).toBe(1000 + 1000 + 3 * 20_000);
    expect(result).toMatchObject({ stopsReady: 2, missing: { image: 1, audio: 1 }, tilesSaved: 0 });
  });

  it('deletes a pack of an older format before saving, and removes a pack on request', async () => {
    const { caches, stores } = memoryCaches();
    const old = await caches.open('pack-g1');
    await old.put(new URL(PACK_RECORD_URL, BASE).href, new Response(JSON.stringify({ version: 0, gameId: 'g1', name: 'Old', bytes: 1, savedAt: '2020-01-01' })));
    await old.put('https://app.example/media/old/4444444444444444.webp', bytes(10));
    expect(await listPacks(caches, BASE)).toEqual([]);
    const { fetch } = fakeFetch(() => bytes(10));
    const estimate = await estimatePack(plan, 0, deps(fetch, caches));
    await downloadPack({ plan: { ...plan, tiles: [] }, estimate, name: 'Walk', saveReply: async () => 0 }, deps(fetch, caches));
    expect([...stores.get('pack-g1')!.keys()]).not.toContain('https://app.example/media/old/4444444444444444.webp');
    expect((await listPacks(caches, BASE)).map((r) => r.name)).toEqual(['Walk']);
    expect(await removePack(caches, 'g1')).toBe(true);
    expect(await listPacks(caches, BASE)).toEqual([]);
  });
});
