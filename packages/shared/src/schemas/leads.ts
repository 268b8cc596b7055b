import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { emailSchema, lineText, phoneSchema } from './common.ts';

/** The two affiliate landing pages (spec section 2): /affiliates/make-money and /affiliates/guides. */
export const LEAD_FORM_TYPES = ['makeMoney', 'guides'] as const;
export type LeadFormType = (typeof LEAD_FORM_TYPES)[number];
const leadFormTypeSchema = z.enum(LEAD_FORM_TYPES);

export const LEAD_NAME_MAX = 60;
/** An affiliate code as the `aff` cookie carries it (the same bound the server reads the cookie with). */
const LEAD_AFF_MAX = 64;

const leadNameSchema = lineText().trim().min(1).max(LEAD_NAME_MAX);

// POST /api/landing-page-form (spec sections 3, 5 and 7): all four fields required; unknown fields are refused.
export const landingFormRequestSchema = z.strictObject({
  firstName: leadNameSchema,
  lastName: leadNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  formType: leadFormTypeSchema,
  // The client sends the `aff` cookie here too; the server prefers the cookie itself. Empty means none.
  aff: lineText()
    .trim()
    .max(LEAD_AFF_MAX)
    .nullish()
    .transform((aff) => aff || null),
});
export type LandingFormRequest = z.input<typeof landingFormRequestSchema>;
export type LandingForm = z.output<typeof landingFormRequestSchema>;

// GET /api/leads?formType=&q=&page=&pageSize= (admin): the leads, the latest sent first.
export const LEADS_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
/** One page this long is what the CSV download reads page after page (the table's sizes stay 10 to 50). */
export const LEADS_EXPORT_PAGE_SIZE = 500;
export const LEADS_SEARCH_MAX = 100;
export const LEADS_PAGE_MAX = 1_000_000;

const pageSizes = [...LEADS_PAGE_SIZES, LEADS_EXPORT_PAGE_SIZE].map(String) as [string, ...string[]];

/** Numbers exactly as a form writes them ('2', not '02'), as the users list takes them. */
export const leadsListQuerySchema = z.object({
  formType: leadFormTypeSchema.optional(),
  q: lineText().trim().max(LEADS_SEARCH_MAX).optional(),
  page: lineText()
    .regex(/^[1-9][0-9]{0,6}$/, 'must be a whole number from 1')
    .transform(Number)
    .refine((page) => page <= LEADS_PAGE_MAX, `must be at most ${LEADS_PAGE_MAX}`)
    .optional(),
  pageSize: z
    .enum(pageSizes, { error: `must be one of ${pageSizes.join(', ')}` })
    .transform(Number)
    .optional(),
});
export type LeadsListQuery = z.infer<typeof leadsListQuerySchema>;

const leadListItemSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  formType: leadFormTypeSchema,
  /** The affiliate code that brought the visitor, and that affiliate's name when the code is a user's. */
  aff: z.string().nullable(),
  affName: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** First sent, and last sent (a repeat of the same email and form updates the lead). */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

export const leadsListReplySchema = z.object({
  data: z.object({
    data: z.array(leadListItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type LeadsListReply = z.infer<typeof leadsListReplySchema>;
