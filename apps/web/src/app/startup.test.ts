import { beforeEach, describe, expect, it } from 'vitest';
import { readCookie, rememberAffiliate, wwwRedirectTarget } from './startup.ts';

describe('affiliate cookie', () => {
  beforeEach(() => {
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    }
  });

  it('stores ?aff= when no aff cookie exists', () => {
    rememberAffiliate('?aff=PARTNER7&x=1');
    expect(readCookie('aff')).toBe('PARTNER7');
  });

  it('keeps the first affiliate', () => {
    rememberAffiliate('?aff=FIRST');
    rememberAffiliate('?aff=SECOND');
    expect(readCookie('aff')).toBe('FIRST');
  });

  it('ignores an empty value', () => {
    rememberAffiliate('?aff=%20');
    expect(readCookie('aff') ?? '').toBe('');
  });
});

describe('www redirect', () => {
  it('sends the bare production domain to www, keeping the path', () => {
    expect(wwwRedirectTarget({ hostname: 'streethunt.co.il', href: 'https://streethunt.co.il/games?aff=1' }, 'streethunt.co.il')).toBe(
      'https://www.streethunt.co.il/games?aff=1',
    );
  });

  it('leaves www, other hosts and localhost alone', () => {
    expect(wwwRedirectTarget({ hostname: 'www.streethunt.co.il', href: 'https://www.streethunt.co.il/' }, 'streethunt.co.il')).toBeNull();
    expect(wwwRedirectTarget({ hostname: 'localhost', href: 'http://localhost:3000/' }, 'localhost')).toBeNull();
    expect(wwwRedirectTarget({ hostname: 'staging.example.com', href: 'https://staging.example.com/' }, 'streethunt.co.il')).toBeNull();
    expect(wwwRedirectTarget({ hostname: 'streethunt.co.il', href: 'https://streethunt.co.il/' }, null)).toBeNull();
  });
});
