import { describe, expect, it } from 'vitest';
import { loadStudioTranslations } from './studio-translations.ts';

const files = import.meta.glob<Record<string, unknown>>('./studio/*.json', { eager: true, import: 'default' });

describe('studio translation files', () => {
  it('come in pairs, and no two parts share a top-level key', () => {
    const parts = Object.keys(files).map((path) => path.replace(/\.(he|en)\.json$/, ''));
    for (const part of new Set(parts)) expect(parts.filter((p) => p === part)).toHaveLength(2);
    const owners = new Map<string, string>();
    for (const [path, texts] of Object.entries(files).filter(([path]) => path.endsWith('.en.json'))) {
      for (const key of Object.keys(texts)) {
        expect(owners.get(key), `${key} is in ${owners.get(key)} and ${path}`).toBeUndefined();
        owners.set(key, path);
      }
    }
  });

  it('load as one namespace per language', async () => {
    const he = (await loadStudioTranslations('he')) as Record<string, Record<string, string>>;
    const en = (await loadStudioTranslations('en')) as Record<string, Record<string, string>>;
    expect(he.studio?.cancel).toBe('ביטול');
    expect(en.studio?.cancel).toBe('Cancel');
    expect(Object.keys(he).sort()).toEqual(Object.keys(en).sort());
  });
});
