import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it.each([
    ['/validate-email/abcDEF123_-xyz', '/validate-email/[redacted]'],
    ['/validate-email/resend', '/validate-email/resend'],
    ['/validate-email/resend?email=a@b.co', '/validate-email/resend?email=a@b.co'],
    ['/reset-password/0123abcd/tok3n_value', '/reset-password/0123abcd/[redacted]'],
    ['/game-feedback/g1/tok3n', '/game-feedback/g1/[redacted]'],
    ['/payment-success?Token=secret123&x=1', '/payment-success?Token=[redacted]&x=1'],
    ['/games?user=abc', '/games?user=abc'],
    ['/sandbox-pay/r3f_-x', '/sandbox-pay/[redacted]'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
