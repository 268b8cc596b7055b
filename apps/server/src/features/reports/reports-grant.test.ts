import { describe, expect, it } from 'vitest';
import { createReportsGrants } from './reports-grant.ts';

const SECRET = 'pinned-test-secret-0123456789abcdef';
const NOW = new Date('2026-01-02T03:04:05.000Z');

/**
 * Grants already handed out must keep working when this code changes, so the exact grant for fixed
 * inputs is pinned: a different key or claim order would end every open reports page.
 */
describe('reports grant', () => {
  it('signs exactly as before for fixed inputs', async () => {
    const grants = createReportsGrants(SECRET);
    const { grant, expiresAt } = await grants.sign('user-1', 3, NOW);
    expect(grant).toBe('eyJhbGciOiJIUzI1NiJ9.eyJ2ZXIiOjMsInVzZSI6InJlcG9ydHMiLCJzdWIiOiJ1c2VyLTEiLCJpYXQiOjE3NjczMjMwNDUsImV4cCI6MTc2NzMyMzk0NX0.AyHdyJ137xQEYWngiRCbHPC711sUL-xGVICgy4tDSh4');
    expect(expiresAt.toISOString()).toBe('2026-01-02T03:19:05.000Z');
  });

  it('takes its own grants, and refuses them under another secret or when tampered', async () => {
    const grants = createReportsGrants(SECRET);
    const { grant } = await grants.sign('user-1', 3);
    expect(await grants.verify(grant)).toEqual({ userId: 'user-1', tokenVersion: 3 });
    expect(await createReportsGrants(`${SECRET}-rotated`).verify(grant)).toBeNull();
    // The signature's first character: its last may carry spare bits that a JWT decoder ignores.
    const cut = grant.lastIndexOf('.') + 1;
    expect(await grants.verify(`${grant.slice(0, cut)}${grant[cut] === 'A' ? 'B' : 'A'}${grant.slice(cut + 1)}`)).toBeNull();
  });
});
