import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_CODE_ALPHABET,
  AFFILIATE_CODE_LENGTH,
  affiliateCodeSchema,
  loginRequestSchema,
  maskAccountNumber,
  paymentDetailsRequestSchema,
  profileSchema,
  signupRequestSchema,
  updatePasswordRequestSchema,
} from './account.ts';

const signup = { firstName: 'Noa', lastName: 'Levi', email: 'Noa@Example.COM ', password: 'long-enough', phone: '050-1234567' };

describe('signup request', () => {
  it('normalizes the email and keeps aff optional', () => {
    const parsed = signupRequestSchema.parse({ ...signup, aff: 'PARTNER7' });
    expect(parsed.email).toBe('noa@example.com');
    expect(parsed.aff).toBe('PARTNER7');
    expect(signupRequestSchema.parse(signup).aff).toBeUndefined();
  });

  it('accepts Hebrew names with direction marks', () => {
    const parsed = signupRequestSchema.parse({ ...signup, firstName: '\u200Fנועה', lastName: 'לוי' });
    expect(parsed.firstName).toBe('\u200Fנועה');
  });

  it.each([
    ['firstName', ''],
    ['lastName', '   '],
    ['email', 'not-an-email'],
    ['password', 'short'],
    ['phone', 'call me'],
    ['phone', '12'],
    ['firstName', 'x'.repeat(101)],
  ])('rejects %s = %j', (field, value) => {
    expect(signupRequestSchema.safeParse({ ...signup, [field]: value }).success).toBe(false);
  });

  it('requires every field but aff', () => {
    for (const field of Object.keys(signup)) {
      const { [field]: _dropped, ...rest } = signup as Record<string, string>;
      expect(signupRequestSchema.safeParse(rest).success, field).toBe(false);
    }
  });
});

describe('other account requests', () => {
  it('login needs both fields', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });

  it('update-password rejects tokens with odd characters', () => {
    const ok = { password: 'long-enough', id: 'abc123', token: 'A'.repeat(43) };
    expect(updatePasswordRequestSchema.safeParse(ok).success).toBe(true);
    expect(updatePasswordRequestSchema.safeParse({ ...ok, token: `${'A'.repeat(40)}/..` }).success).toBe(false);
  });

  it('payment details take digits only', () => {
    const ok = { accountHolder: 'נועה לוי', idNumber: '123456782', bankName: 'Leumi', bankNumber: '10', branchNumber: '800', accountNumber: '12345678' };
    expect(paymentDetailsRequestSchema.safeParse(ok).success).toBe(true);
    expect(paymentDetailsRequestSchema.safeParse({ ...ok, accountNumber: '12-345' }).success).toBe(false);
  });

  it('masks an account number to its last 4 digits, fewer for a short one', () => {
    expect(maskAccountNumber('12345678')).toBe('••••5678');
    expect(maskAccountNumber('123456')).toBe('••••456');
    expect(maskAccountNumber('12')).toBe('••••2');
  });
});

describe('affiliate code', () => {
  it('accepts 8 characters of the code alphabet in any case, trimmed, and gives them upper-case', () => {
    expect(affiliateCodeSchema.parse('ABCD2345')).toBe('ABCD2345');
    expect(affiliateCodeSchema.parse(' abcd2345 ')).toBe('ABCD2345');
    expect(affiliateCodeSchema.parse('xYz98765')).toBe('XYZ98765');
    expect(AFFILIATE_CODE_ALPHABET).toHaveLength(32);
    expect(AFFILIATE_CODE_LENGTH).toBe(8);
  });

  it.each([
    ['too short', 'ABCD234'],
    ['too long', 'ABCD23456'],
    ['zero (never in a code)', 'ABCD2340'],
    ['letter O', 'ABCD234O'],
    ['digit one', 'ABCD2341'],
    ['letter I', 'ABCD234I'],
    ['a dash', 'ABCD-234'],
    ['a space inside', 'ABCD 234'],
    ['a Hebrew letter', 'ABCD234א'],
    ['a control character', 'ABCD\u00002345'],
    ['empty', ''],
  ])('refuses %s', (_what, code) => {
    expect(affiliateCodeSchema.safeParse(code).success).toBe(false);
  });

  it('is required in the profile, exactly as stored (upper-case)', () => {
    const profile = {
      _id: 'u1',
      userId: 'u1',
      firstName: 'Noa',
      lastName: 'Levi',
      email: 'noa@example.com',
      phone: '050-1234567',
      role: 'user',
      language: 'he',
      isSelfPayment: false,
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    expect(profileSchema.parse({ ...profile, affiliateCode: 'ABCD2345' }).affiliateCode).toBe('ABCD2345');
    expect(profileSchema.safeParse(profile).success).toBe(false);
    expect(profileSchema.safeParse({ ...profile, affiliateCode: 'abcd2345' }).success).toBe(false);
  });
});
