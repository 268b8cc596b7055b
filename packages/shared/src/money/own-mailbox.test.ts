import { describe, expect, it } from 'vitest';
import { mailboxOf, sameMailbox } from './own-mailbox.ts';

describe('one mailbox behind several spellings of an address', () => {
  it('reads case, spaces and a +tag away', () => {
    expect(mailboxOf('  Dana.Levi+ads@Example.COM ')).toBe('dana.levi@example.com');
    expect(sameMailbox('dana+promo@example.com', 'DANA@example.com')).toBe(true);
    expect(sameMailbox('dana+a+b@example.com', 'dana@example.com')).toBe(true);
  });

  it('ignores dots and reads googlemail.com as gmail.com only for Gmail', () => {
    expect(mailboxOf('Dana.Levi+x@googlemail.com')).toBe('danalevi@gmail.com');
    expect(sameMailbox('d.a.n.a@gmail.com', 'dana@googlemail.com')).toBe(true);
    // Elsewhere a dot is part of the name.
    expect(sameMailbox('dana.levi@example.com', 'danalevi@example.com')).toBe(false);
  });

  it('keeps different people different', () => {
    expect(sameMailbox('dana@example.com', 'dana@example.org')).toBe(false);
    expect(sameMailbox('dana@gmail.com', 'dan@gmail.com')).toBe(false);
    // A local part that starts with + keeps it (nothing before the tag to keep).
    expect(mailboxOf('+dana@example.com')).toBe('+dana@example.com');
  });
});
