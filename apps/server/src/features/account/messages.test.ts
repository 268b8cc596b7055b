import { describe, expect, it } from 'vitest';
import { accountMessages, replyLanguage } from './messages.ts';

describe('account reply messages', () => {
  it('answer in Hebrew only when Hebrew is the caller’s first choice', () => {
    expect(replyLanguage('he')).toBe('he');
    expect(replyLanguage('he-IL,he;q=0.9,en;q=0.8')).toBe('he');
    expect(replyLanguage('iw')).toBe('he');
    expect(replyLanguage('en-US,he;q=0.5')).toBe('en');
    expect(replyLanguage('fr')).toBe('en');
    expect(replyLanguage('')).toBe('en');
    expect(replyLanguage(undefined)).toBe('en');
  });

  it('have every message, non-empty, in both languages', () => {
    const en = accountMessages('en');
    const he = accountMessages('he');
    expect(Object.keys(he).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(en[key].trim(), key).not.toBe('');
      expect(he[key].trim(), key).not.toBe('');
      expect(he[key], key).not.toBe(en[key]);
    }
    expect(accountMessages()).toBe(en);
  });
});
