import { describe, expect, it } from 'vitest';
import { accountMessages } from './messages.ts';

describe('account reply messages', () => {
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
