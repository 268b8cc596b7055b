import { describe, expect, it } from 'vitest';
import { replyLanguage } from './reply-language.ts';

describe('the language of a reply', () => {
  it('is Hebrew only when Hebrew is the caller’s first choice', () => {
    expect(replyLanguage('he')).toBe('he');
    expect(replyLanguage('he-IL,he;q=0.9,en;q=0.8')).toBe('he');
    expect(replyLanguage('iw')).toBe('he');
    expect(replyLanguage('en-US,he;q=0.5')).toBe('en');
    expect(replyLanguage('fr')).toBe('en');
    expect(replyLanguage('')).toBe('en');
    expect(replyLanguage(undefined)).toBe('en');
  });
});
