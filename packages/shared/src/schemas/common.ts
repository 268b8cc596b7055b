import { z } from 'zod';

/** Every API error body (DESIGN.md section 10). */
export const errorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const ERROR_CODES = [
  'validation',
  'bad_json',
  'payload_too_large',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'need_email_validate',
  'wrong_credentials',
  'email_taken',
  'invalid_token',
  'wrong_code',
  'wrong_answer',
  'conflict',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Ids are opaque strings (24 hex characters when we make them). */
export const idSchema = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'invalid id');

/** A short human text: trimmed, Hebrew marks (RLM/LRM) allowed. */
export const nameSchema = z.string().trim().min(1).max(100);
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const phoneSchema = z
  .string()
  .trim()
  .min(7)
  .max(20)
  .regex(/^[+0-9()\-\s]+$/, 'invalid phone');

export const okStatusReplySchema = z.object({
  data: z.object({ status: z.literal('OK'), message: z.string().optional() }),
});
export type OkStatusReply = z.infer<typeof okStatusReplySchema>;
