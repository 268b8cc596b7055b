import { describe, expect, it } from 'vitest';
import { echoGuard } from './echo-guard.ts';

describe('echoGuard', () => {
  it('takes the first value as its own', () => {
    expect(echoGuard('<p>a</p>').isEcho('<p>a</p>')).toBe(true);
  });

  it('knows a late echo of an older edit after a newer one was sent (two keystrokes before a re-render)', () => {
    const guard = echoGuard('');
    guard.sent('<p>a</p>');
    guard.sent('<p>ab</p>');
    // The parent's first re-render still carries 'a': not a value from outside, so 'ab' stays.
    expect(guard.isEcho('<p>a</p>')).toBe(true);
    expect(guard.isEcho('<p>ab</p>')).toBe(true);
  });

  it('takes anything else as a value from outside, and after adopting it forgets the older edits', () => {
    const guard = echoGuard('<p>first</p>');
    guard.sent('<p>first!</p>');
    expect(guard.isEcho('<p>another question</p>')).toBe(false);
    guard.adopt('<p>another question</p>');
    expect(guard.isEcho('<p>first!</p>')).toBe(false);
    expect(guard.isEcho('<p>another question</p>')).toBe(true);
  });

  it('forgets an echo once seen, so the same text coming back later from outside is shown', () => {
    const guard = echoGuard('');
    guard.sent('<p>x</p>');
    expect(guard.isEcho('<p>x</p>')).toBe(true);
    expect(guard.isEcho('<p>x</p>')).toBe(false);
  });
});
