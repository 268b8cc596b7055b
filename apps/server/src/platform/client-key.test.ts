import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['127.0.0.1', '127.0.0.1'],
    [' 10.0.0.1 ', '10.0.0.1'],
  ])('counts IPv4 %j as %j', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it.each([
    ['2001:0db8:0000:0001:0000:0000:0000:0001', '2001:db8:0:1::/64'],
    ['2001:db8:0:1::1', '2001:db8:0:1::/64'],
    ['2001:DB8:0:1:FFFF:FFFF:FFFF:FFFF', '2001:db8:0:1::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['[2001:db8:0:1::7]', '2001:db8:0:1::/64'],
    ['2001:db8:0:1:0:0:192.0.2.1', '2001:db8:0:1::/64'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4::/64'],
    ['1:2:3:4:5:6::', '1:2:3:4::/64'],
    ['::3:4:5:6:7:8', '0:0:3:4::/64'],
  ])('counts IPv6 %j by its /64, %j', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it.each([
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['0:0:0:0:0:ffff:203.0.113.9', '203.0.113.9'],
    ['::ffff:cb00:7109', '203.0.113.9'],
    ['::ffff:127.0.0.1%lo', '127.0.0.1'],
  ])('counts the IPv4-mapped %j as the IPv4 address %j', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('gives every address of one /64 one key, and different /64s different keys', () => {
    const same = ['2001:db8:aa:bb::1', '2001:db8:aa:bb::ffff', '2001:db8:aa:bb:1234:5678:9abc:def0', '2001:0db8:00aa:00bb::%3'];
    expect(new Set(same.map(clientKey)).size).toBe(1);
    const different = ['2001:db8:aa:bb::1', '2001:db8:aa:bc::1', '2001:db8:ab:bb::1', '2001:db9:aa:bb::1', '2002:db8:aa:bb::1', '::ffff:10.0.0.1', '10.0.0.1'];
    expect(new Set(different.map(clientKey)).size).toBe(different.length - 1);
    // IPv4 addresses stay apart, and never meet an IPv6 key.
    expect(clientKey('10.0.0.1')).not.toBe(clientKey('10.0.0.2'));
    expect(clientKey('::a00:1')).not.toBe(clientKey('10.0.0.1'));
  });

  it('returns what is not an address unchanged, and its own keys unchanged', () => {
    for (const other of ['', 'unknown', 'user:42', '2001:db8::/64x', '1.2.3']) expect(clientKey(other)).toBe(other);
    expect(clientKey(clientKey('2001:db8:0:1::9'))).toBe('2001:db8:0:1::/64');
  });
});
