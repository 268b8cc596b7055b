import { describe, expect, it } from 'vitest';
import { createGazetteer } from './gazetteer.ts';

const gazetteer = createGazetteer();
const names = async (q: string, lang: 'he' | 'en' = 'en', limit?: number) => (await gazetteer.search(q, lang, limit)).map((p) => p.name);

describe('the offline gazetteer', () => {
  it('puts a whole-name match first, then names that start so, then names with a later word that does, bigger first', async () => {
    const jerusalem = await names('jerusalem');
    expect(jerusalem[0]).toBe('Jerusalem');
    expect(jerusalem).toEqual(expect.arrayContaining(['East Jerusalem', 'West Jerusalem']));
    // `aviv` is the second word of Tel Aviv.
    expect(await names('aviv')).toContain('Tel Aviv');
    const paris = await gazetteer.search('paris', 'en');
    expect(paris[0]).toMatchObject({ name: 'Paris', detail: 'France' });
  });

  it('keeps to the limit, 10 unless said otherwise, each place once', async () => {
    const many = await names('san');
    expect(many).toHaveLength(10);
    expect(await names('san', 'en', 3)).toEqual(many.slice(0, 3));
    const kiryat = await gazetteer.search('קרית', 'he');
    expect(new Set(kiryat.map((p) => `${p.lat},${p.lng}`)).size).toBe(kiryat.length);
  });

  it('finds Hebrew names typed with or without the extra yod, and shows the common English spelling', async () => {
    expect((await names('קריית אתא', 'he'))[0]).toBe('קריית אתא');
    expect((await names('קרית אתא', 'he'))[0]).toBe('קריית אתא');
    expect((await names('petah tikva'))[0]).toBe('Petah Tikva');
    expect((await names('פתח תקוה'))[0]).toBe('Petah Tikva');
  });

  it('finds nothing for nothing', async () => {
    expect(await gazetteer.search(' - ', 'en')).toEqual([]);
    expect(await gazetteer.search('qqqqzzzz', 'he')).toEqual([]);
  });
});
