import { describe, expect, it } from 'vitest';
import type { GeocodedPlace } from './geocoder.ts';
import { rateLimited } from '../errors.ts';
import { createGazetteer } from './gazetteer.ts';
import type { Upstream } from './nominatim.ts';
import { createGeocoder, offlineGeocoder, UPSTREAM_PAUSE_MS, withGazetteerFallback } from './create-geocoder.ts';

const dizengoff: GeocodedPlace = { name: 'Dizengoff Square', detail: 'Tel Aviv-Yafo, Israel', lat: 32.0779, lng: 34.7741, source: 'upstream' };

/** An upstream that answers `places` (or fails with `error`), counting the calls that reach it. */
function fakeUpstream(places: GeocodedPlace[], error?: unknown) {
  const calls = { search: 0, cached: 0 };
  const kept = new Map<string, GeocodedPlace[]>();
  const upstream: Upstream = {
    async search(q) {
      calls.search++;
      if (error) throw error;
      kept.set(q, places);
      return places;
    },
    async cached(q) {
      calls.cached++;
      return kept.get(q);
    },
  };
  return { upstream, calls };
}

const quiet = { warn: () => undefined };

describe('withGazetteerFallback', () => {
  it('asks the upstream only for a submitted search; while typing, its earlier answer is used and nothing is sent', async () => {
    const { upstream, calls } = fakeUpstream([dizengoff]);
    const geocoder = withGazetteerFallback(upstream, createGazetteer(), quiet);
    expect(await geocoder.search('dizengoff', 'en')).toEqual({ places: [], upstream: 'on' });
    expect(calls.search).toBe(0);
    expect(await geocoder.search('dizengoff', 'en', { askUpstream: true })).toEqual({ places: [dizengoff], upstream: 'on' });
    expect(calls.search).toBe(1);
    expect(await geocoder.search('dizengoff', 'en')).toEqual({ places: [dizengoff], upstream: 'on' });
    expect(calls.search).toBe(1);
  });

  it('logs an upstream failure, without the query, answers from the gazetteer, and leaves the upstream alone for a minute', async () => {
    const lines: { details: object; message: string }[] = [];
    let now = 1_000_000;
    const { upstream, calls } = fakeUpstream([], new Error('connect ECONNREFUSED 127.0.0.1:9'));
    const geocoder = withGazetteerFallback(upstream, createGazetteer(), { warn: (details, message) => void lines.push({ details, message }) }, () => now);
    const found = await geocoder.search('Beersheba', 'en', { askUpstream: true });
    expect(found.upstream).toBe('down');
    expect(found.places[0]).toMatchObject({ name: 'Beersheba', detail: 'Israel', source: 'gazetteer' });
    expect(lines).toHaveLength(1);
    expect(lines[0].message).toMatch(/upstream failed/);
    expect(JSON.stringify(lines[0]) + String((lines[0].details as { err: Error }).err.message)).not.toMatch(/beersheba/i);
    // Paused: searched at once from the gazetteer, the upstream not asked.
    now += UPSTREAM_PAUSE_MS - 1;
    expect(geocoder.upstreamState()).toBe('down');
    expect((await geocoder.search('Haifa', 'en', { askUpstream: true })).upstream).toBe('down');
    expect(calls.search).toBe(1);
    now += 1;
    expect(geocoder.upstreamState()).toBe('on');
    await geocoder.search('Haifa', 'en', { askUpstream: true });
    expect(calls.search).toBe(2);
  });

  it('lets our own 429 through rather than hiding it, and does not pause for it', async () => {
    const { upstream } = fakeUpstream([], rateLimited('busy', 1_000));
    const geocoder = withGazetteerFallback(upstream, createGazetteer(), quiet);
    await expect(geocoder.search('Haifa', 'en', { askUpstream: true })).rejects.toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect(geocoder.upstreamState()).toBe('on');
  });
});

describe('createGeocoder', () => {
  it('GEOCODER_URL=off (no URL) searches the gazetteer alone and says so', async () => {
    const geocoder = createGeocoder({ geocoderUrl: undefined, publicUrl: 'http://localhost:3000' }, quiet);
    expect(geocoder.upstreamState()).toBe('off');
    const found = await geocoder.search('Haifa', 'en', { askUpstream: true });
    expect(found).toMatchObject({ upstream: 'off', places: [{ name: 'Haifa', source: 'gazetteer' }] });
    expect(await offlineGeocoder(createGazetteer()).search('zzqxv', 'en')).toEqual({ places: [], upstream: 'off' });
  });
});
