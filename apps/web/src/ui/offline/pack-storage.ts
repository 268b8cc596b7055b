import { PACK_CACHE_PREFIX, PACK_FORMAT_VERSION, PACK_RECORD_URL, packCacheName } from '@streethunt/shared';

/** The part of Cache Storage a pack uses: the browser's `caches`, or an in-memory one in tests. */
export type PackCache = Pick<Cache, 'put' | 'match'>;
export type PackCaches = {
  open(name: string): Promise<PackCache>;
  delete(name: string): Promise<boolean>;
  keys(): Promise<string[]>;
  has(name: string): Promise<boolean>;
};

/** What a pack records about itself, in its own cache (PACK_RECORD_URL). */
export type PackRecord = {
  version: number;
  gameId: string;
  name: string;
  /** Bytes kept: media, tiles and the reply. */
  bytes: number;
  savedAt: string;
};

export const recordUrl = (base: string) => new URL(PACK_RECORD_URL, base).href;

export async function readRecord(cache: PackCache, base: string): Promise<PackRecord | null> {
  const response = await cache.match(recordUrl(base));
  if (!response) return null;
  try {
    const record = (await response.json()) as Partial<PackRecord>;
    return typeof record.gameId === 'string' && typeof record.version === 'number' ? (record as PackRecord) : null;
  } catch {
    return null;
  }
}

/** Every pack on this phone, newest first; a pack of an older format is listed as none (it is redone on the next save). */
export async function listPacks(caches: PackCaches, base: string): Promise<PackRecord[]> {
  const names = (await caches.keys()).filter((name) => name.startsWith(PACK_CACHE_PREFIX));
  const records = await Promise.all(names.map(async (name) => readRecord(await caches.open(name), base)));
  return records
    .filter((record): record is PackRecord => record !== null && record.version === PACK_FORMAT_VERSION)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** Removes a game's pack (its media and tiles); the saved play stays with the play store. */
export function removePack(caches: PackCaches, gameId: string): Promise<boolean> {
  return caches.delete(packCacheName(gameId));
}
