import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n.ts';
import { OFFLINE_PACK_NAMESPACE } from '../../../i18n/offline-pack-translations.ts';
import { countByKind, coverageLine, formatBytes, packParts } from './pack-text.ts';

const plain = (text: string) => text.replace(/[\u2066\u2069]/g, '');

describe('the pack texts', () => {
  it('says the size in kB or MB, left to right', () => {
    expect(plain(formatBytes(2_400_000, 'en'))).toBe('2.4 MB');
    expect(plain(formatBytes(86_023, 'en'))).toBe('86 kB');
    expect(formatBytes(1_000, 'he').startsWith('\u2066')).toBe(true);
  });

  it('says what the pack holds and what is ready, with plurals in both languages', async () => {
    const { i18n: en, missing: missingEn } = await createTestI18n('en');
    const t = en.getFixedT('en', OFFLINE_PACK_NAMESPACE);
    expect(packParts(t, 9, { image: 14, audio: 1, video: 0 }, true)).toBe('9 stops, 14 images, 1 recording, map');
    expect(coverageLine(t, 9, 9, { image: 0, audio: 0, video: 0 })).toBe('All 9 stops ready offline');
    expect(coverageLine(t, 9, 7, { image: 2, audio: 0, video: 0 })).toBe('7 of 9 stops ready offline: 2 images missing');
    const { i18n: he, missing: missingHe } = await createTestI18n('he');
    const th = he.getFixedT('he', OFFLINE_PACK_NAMESPACE);
    expect(coverageLine(th, 9, 8, { image: 1, audio: 0, video: 0 })).toBe('8 מתוך 9 תחנות מוכנות לשימוש בלי רשת: חסרה 1 תמונה');
    expect(coverageLine(th, 2, 2, { image: 0, audio: 0, video: 0 })).toBe('כל 2 התחנות מוכנות לשימוש בלי רשת');
    expect(packParts(th, 1, { image: 2, audio: 0, video: 0 }, false)).toBe('1 תחנה, 2 תמונות');
    expect([...missingEn, ...missingHe]).toEqual([]);
  });

  it('counts a picture kept in two widths once', () => {
    expect(
      countByKind([
        { url: '/media/covers/0123456789abcdef.webp?w=640', kind: 'image' },
        { url: '/media/covers/0123456789abcdef.webp?w=960', kind: 'image' },
        { url: '/media/a/1111111111111111.mp3', kind: 'audio' },
      ]),
    ).toEqual({ image: 1, audio: 1, video: 0 });
  });
});
