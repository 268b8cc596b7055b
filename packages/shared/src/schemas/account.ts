import { z } from 'zod';
import { LANGUAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants.ts';
import { emailSchema, idSchema, lineText, nameSchema, phoneSchema } from './common.ts';

const newPasswordSchema = lineText().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const tokenSchema = lineText().trim().min(16).max(256).regex(/^[A-Za-z0-9_-]+$/, 'invalid token');
// The aff a signup carries is stored as it came, even when it is no user's code (spec: 'as today').
const affSchema = lineText().trim().max(64).optional().nullable();

/** Affiliate codes (every user has one; the CODE of ?aff=CODE links): 8 characters read aloud easily, no 0/O or 1/I. */
export const AFFILIATE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const AFFILIATE_CODE_LENGTH = 8;
const AFFILIATE_CODE_PATTERN = new RegExp(`^[${AFFILIATE_CODE_ALPHABET}]{${AFFILIATE_CODE_LENGTH}}$`);

/**
 * An affiliate code as people type or links carry it: trimmed, any case, normalised upper-case.
 * For callers that want to know whether an `aff` can be someone's code (matching it to a user).
 */
export const affiliateCodeSchema = lineText().trim().toUpperCase().regex(AFFILIATE_CODE_PATTERN, 'invalid affiliate code');

/** The stored form of a code, as replies carry it: exactly upper-case, nothing to normalise. */
const storedAffiliateCodeSchema = z.string().regex(AFFILIATE_CODE_PATTERN);

// POST /api/signup
export const signupRequestSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  phone: phoneSchema,
  aff: affSchema,
  language: z.enum(LANGUAGES).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

// POST /api/login
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: lineText().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

// POST /api/login and POST /api/auto-login
export const loginReplySchema = z.object({
  accessToken: z.string(),
  data: z.object({
    role: z.enum(ROLES),
    isSelfPayment: z.boolean(),
    userId: z.string(),
  }),
});
export type LoginReply = z.infer<typeof loginReplySchema>;

export const validateEmailRequestSchema = z.object({ token: tokenSchema });

export const emailOnlyRequestSchema = z.object({ email: emailSchema });

// POST /api/update-password
export const updatePasswordRequestSchema = z.object({
  password: newPasswordSchema,
  id: idSchema,
  token: tokenSchema,
});
export const updatePasswordReplySchema = z.object({
  data: z.object({ status: z.enum(['OK', 'ERROR']), message: z.string() }),
});
export type UpdatePasswordReply = z.infer<typeof updatePasswordReplySchema>;

// GET /api/user/{userId}: what anyone may see of a user: the first name (all the spec shows), beside its id.
const publicUserSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
export const userParamsSchema = z.object({ userId: idSchema });
export const publicUserReplySchema = z.object({ data: z.object({ user: publicUserSchema }) });
export type PublicUserReply = z.infer<typeof publicUserReplySchema>;

// GET and POST /api/user/profile: the logged-in user's own details.
export const profileSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES),
  isSelfPayment: z.boolean(),
  createdAt: z.string(),
  /** This user's own code for share links. */
  affiliateCode: storedAffiliateCodeSchema,
});
export type Profile = z.infer<typeof profileSchema>;
export const profileReplySchema = z.object({ data: z.object({ user: profileSchema }) });
export type ProfileReply = z.infer<typeof profileReplySchema>;
export const updateProfileRequestSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneSchema,
  language: z.enum(LANGUAGES).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

// GET and POST /api/user/payment-details: where a creator's or affiliate's share is paid.
const digits = (min: number, max: number) =>
  lineText().trim().min(min).max(max).regex(/^[0-9]+$/, 'digits only');
export const paymentDetailsRequestSchema = z.object({
  accountHolder: nameSchema,
  idNumber: digits(5, 12),
  bankName: nameSchema,
  bankNumber: digits(1, 4),
  branchNumber: digits(1, 5),
  accountNumber: digits(2, 20),
});
export type PaymentDetailsRequest = z.infer<typeof paymentDetailsRequestSchema>;
/**
 * POST: changing them needs the password, in the body or as the finance reports' grant (the
 * x-reports-grant header of POST /api/reports/unlock).
 */
export const paymentDetailsSaveRequestSchema = paymentDetailsRequestSchema.extend({
  password: lineText().min(1).max(PASSWORD_MAX_LENGTH).optional(),
});
export type PaymentDetailsSaveRequest = z.infer<typeof paymentDetailsSaveRequestSchema>;
/** The account number as read without the password: its last digits only (4, fewer for a short number), e.g. ••••1234. */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(accountNumber.length - Math.min(4, Math.floor(accountNumber.length / 2)))}`;
}
export const paymentDetailsReplySchema = z.object({
  data: z.object({
    details: paymentDetailsRequestSchema
      .extend({
        /** Whole with the password (or the reports grant), else masked (maskAccountNumber). */
        accountNumber: z.string(),
        accountNumberMasked: z.boolean(),
        updatedAt: z.string(),
      })
      .nullable(),
  }),
});
export type PaymentDetailsReply = z.infer<typeof paymentDetailsReplySchema>;
