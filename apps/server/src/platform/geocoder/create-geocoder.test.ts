import { describe, expect, it } from 'vitest';
import { rateLimited } from '../errors.ts';
import { createGazetteer } from './gazetteer.ts';
import type { Geocoder } from './geocoder.ts';
import { withGazetteerFallback } from './create-geocoder.ts';

/** An upstream that always fails the same way. */
const failing = (error: unknown): Geocoder => ({
  search: async () => {
    throw error;
  },
});

describe('withGazetteerFallback', () => {
  it('logs an upstream failure, without the query, and answers from the gazetteer', async () => {
    const lines: { details: object; message: string }[] = [];
    const geocoder = withGazetteerFallback(failing(new Error('connect ECONNREFUSED 127.0.0.1:9')), createGazetteer(), {
      warn: (details, message) => void lines.push({ details, message }),
    });
    const found = await geocoder.search('Beersheba', 'en');
    expect(found[0]).toMatchObject({ name: 'Beersheba', detail: 'Israel', source: 'gazetteer' });
    expect(lines).toHaveLength(1);
    expect(lines[0].message).toMatch(/upstream failed/);
    expect(JSON.stringify(lines[0]) + String((lines[0].details as { err: Error }).err.message)).not.toMatch(/beersheba/i);
  });

  it('lets our own 429 through rather than hiding it', async () => {
    const geocoder = withGazetteerFallback(failing(rateLimited('busy', 1_000)), createGazetteer(), { warn: () => undefined });
    await expect(geocoder.search('Haifa', 'en')).rejects.toMatchObject({ statusCode: 429, code: 'rate_limited' });
  });
});
