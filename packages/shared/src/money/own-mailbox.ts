/**
 * Whether two email addresses reach one person's mailbox, for the rule that nobody earns an affiliate
 * share of their own purchase (decision record 005). Addresses are compared lower-case and trimmed,
 * without a `+tag` in the local part (most providers deliver `dana+x@` to `dana@`), and for Gmail
 * also without dots in the local part and with googlemail.com read as gmail.com (Gmail ignores both).
 * It errs towards "the same": a share withheld is cheaper than one paid on one's own purchase.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The mailbox an address reaches: `Dana.Levi+ads@GoogleMail.com` -> `danalevi@gmail.com`. */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

/** True when both addresses reach the same mailbox (mailboxOf). */
export const sameMailbox = (a: string, b: string): boolean => mailboxOf(a) === mailboxOf(b);
