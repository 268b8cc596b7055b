import { describe, expect, it } from 'vitest';
import type { GameReply } from '../schemas/game.ts';
import { PACK_TILE_BYTES_CAP, PACK_ZOOMS, TILE_BYTES_ESTIMATE, mediaInHtml, planPack, widthsFor, zoomsUnderCap } from './pack-plan.ts';
import { tileCount } from '../geo/tiles.ts';

const COVER = 'covers/0123456789abcdef.webp';

function game(overrides: Partial<GameReply['metadata']> = {}): GameReply {
  return {
    _id: 'g1',
    userId: 'u1',
    status: 'APPROVED',
    metadata: { name: 'Walk', price: 10, currencyCode: 'ILS', language: 'en', map: true, coverImage: `/media/${COVER}`, location: { lat: 32.06, lng: 34.77 }, ...overrides } as GameReply['metadata'],
    introPage: { content: '<p>Hi <img src="/media/intro/aaaaaaaaaaaaaaaa.webp" alt=""></p><audio src="/media/audio/bbbbbbbbbbbbbbbb.mp3"></audio>' },
    gameoverPage: { content: '<p>Bye <img src="https://elsewhere.example/x.png"></p>', hideGameSummary: false },
    questionCount: 2,
    questions: [
      { id: 'q1', content: '<img src="/media/q/cccccccccccccccc.webp?w=640">', location: { lat: 32.061, lng: 34.771 }, answer: { kind: 'text', hashes: [] }, hints: [{ id: 'h1', content: '<img src="/media/intro/aaaaaaaaaaaaaaaa.webp">' }] },
      { id: 'q2', content: '<p>No picture</p>', location: [{ lat: 32.07, lng: 34.78 }, { lat: 32.071, lng: 34.78 }, { lat: 32.071, lng: 34.781 }], answer: { kind: 'text', hashes: [] }, hints: [] },
    ] as unknown as GameReply['questions'],
  };
}

describe('the pack planner', () => {
  it('takes the srcset width the phone will pick', () => {
    expect(widthsFor(358, 1)).toEqual([480]);
    expect(widthsFor(328, 2)).toEqual([640, 960]);
    expect(widthsFor(358, 3)).toEqual([960, 1280]);
    expect(widthsFor(2000, 1)).toEqual([1280]);
  });

  it('keeps our own media of every text, once, by the stop that shows it', () => {
    const plan = planPack({ game: game(), screenWidth: 390, pixelRatio: 1, tileTemplate: 'http://t/{z}/{x}/{y}.png', tileMode: 'seen' });
    expect(plan.media).toEqual([
      { url: `/media/${COVER}?w=480`, kind: 'image', stop: null },
      { url: '/media/intro/aaaaaaaaaaaaaaaa.webp', kind: 'image', stop: null },
      { url: '/media/audio/bbbbbbbbbbbbbbbb.mp3', kind: 'audio', stop: null },
      { url: '/media/q/cccccccccccccccc.webp?w=640', kind: 'image', stop: 0 },
    ]);
    expect(plan.stops).toBe(2);
  });

  it('keeps the creator’s recordings of the intro, a question and a hint (our own only), once each', () => {
    const base = game({ audio: '/media/uploads/u1/1111111111111111.mp3' });
    const [q1, q2] = base.questions!;
    const questions = [
      { ...q1, audio: '/media/uploads/u1/2222222222222222.m4a', hints: [{ id: 'h1', content: '', audio: '/media/uploads/u1/3333333333333333.ogg' }] },
      { ...q2, audio: 'https://elsewhere.example/media/x/4444444444444444.txt', hints: [{ id: 'h2', content: '', audio: '/media/uploads/u1/1111111111111111.mp3' }] },
    ];
    const plan = planPack({ game: { ...base, questions }, screenWidth: 390, pixelRatio: 1, tileTemplate: 'http://t/{z}/{x}/{y}.png', tileMode: 'seen' });
    const recordings = plan.media.filter((m) => /\.(mp3|m4a|ogg)$/.test(m.url) && !m.url.includes('/audio/'));
    expect(recordings).toEqual([
      { url: '/media/uploads/u1/1111111111111111.mp3', kind: 'audio', stop: null },
      { url: '/media/uploads/u1/2222222222222222.m4a', kind: 'audio', stop: 0 },
      { url: '/media/uploads/u1/3333333333333333.ogg', kind: 'audio', stop: 0 },
    ]);
  });

  it('fetches no tile with the `seen` policy, and the area at the player zooms with `area`', () => {
    expect(planPack({ game: game(), screenWidth: 360, pixelRatio: 2, tileTemplate: 'http://t/{z}/{x}/{y}.png', tileMode: 'seen' }).tiles).toEqual([]);
    const plan = planPack({ game: game(), screenWidth: 360, pixelRatio: 2, tileTemplate: 'http://t/{z}/{x}/{y}.png', tileMode: 'area' });
    expect(plan.zooms).toEqual([...PACK_ZOOMS]);
    expect(plan.zoomDropped).toBe(false);
    expect(plan.tiles.length).toBeGreaterThan(10);
    expect(plan.tiles.every((url) => /^http:\/\/t\/1[4-7]\/\d+\/\d+\.png$/.test(url))).toBe(true);
    expect(new Set(plan.tiles).size).toBe(plan.tiles.length);
  });

  it('has no tiles for a game without a map', () => {
    expect(planPack({ game: game({ map: false }), screenWidth: 360, pixelRatio: 1, tileTemplate: 'http://t/{z}/{x}/{y}.png', tileMode: 'area' }).tiles).toEqual([]);
  });

  it('drops the highest zooms of an area too big for the 50 MB cap', () => {
    const city = { south: 31.9, north: 32.2, west: 34.7, east: 34.9 };
    const zooms = zoomsUnderCap(city);
    expect(zooms.length).toBeLessThan(PACK_ZOOMS.length);
    expect(zooms).toEqual(PACK_ZOOMS.slice(0, zooms.length));
    expect(zooms.reduce((sum, z) => sum + tileCount(city, z), 0) * TILE_BYTES_ESTIMATE).toBeLessThanOrEqual(PACK_TILE_BYTES_CAP);
    const wide = planPack({ game: game({ location: { lat: 31.9, lng: 34.7 } }), screenWidth: 360, pixelRatio: 1, tileTemplate: 'http://t/{z}/{x}/{y}.png', tileMode: 'area' });
    expect(wide.zoomDropped).toBe(true);
  });

  it('reads src and poster of media tags only', () => {
    expect(mediaInHtml('<video poster="/media/p/dddddddddddddddd.webp" src="/media/v/eeeeeeeeeeeeeeee.mp4"></video><a href="/media/x/ffffffffffffffff.webp">x</a>')).toEqual([
      { url: '/media/p/dddddddddddddddd.webp', kind: 'image' },
      { url: '/media/v/eeeeeeeeeeeeeeee.mp4', kind: 'video' },
    ]);
  });
});
