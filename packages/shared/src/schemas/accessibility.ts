import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { emailSchema, idSchema, lineText, multilineText } from './common.ts';

/*
 * The accessibility statement's "report a barrier" form (DESIGN.md section 16) and the admin's list of
 * what it brings. Not in the spec: Israel's service-accessibility regulations ask a site for a way to
 * report a barrier to its accessibility coordinator.
 */

export const ACCESSIBILITY_WHERE_MAX = 500;
const ACCESSIBILITY_WHAT_MIN = 5;
export const ACCESSIBILITY_WHAT_MAX = 4000;

// POST /api/accessibility/reports (public): where (an address or a free text), what happened, an optional email to answer.
export const accessibilityReportRequestSchema = z.strictObject({
  where: lineText().trim().min(1).max(ACCESSIBILITY_WHERE_MAX),
  what: multilineText().trim().min(ACCESSIBILITY_WHAT_MIN).max(ACCESSIBILITY_WHAT_MAX),
  // Empty means the sender asked for no answer.
  email: z
    .union([z.literal(''), emailSchema])
    .nullish()
    .transform((email) => email || null),
});
export type AccessibilityReportRequest = z.input<typeof accessibilityReportRequestSchema>;
export type AccessibilityReportForm = z.output<typeof accessibilityReportRequestSchema>;

// GET /api/admin/accessibility-reports?page= (admin): the reports, the newest first, a page of 50.
export const ACCESSIBILITY_REPORTS_PAGE_SIZE = 50;
const ACCESSIBILITY_REPORTS_PAGE_MAX = 100_000;
export const accessibilityReportsQuerySchema = z.object({
  page: lineText()
    .regex(/^[1-9][0-9]{0,5}$/, 'must be a whole number from 1')
    .transform(Number)
    .refine((page) => page <= ACCESSIBILITY_REPORTS_PAGE_MAX, `must be at most ${ACCESSIBILITY_REPORTS_PAGE_MAX}`)
    .optional(),
});
export type AccessibilityReportsQuery = z.infer<typeof accessibilityReportsQuerySchema>;

const accessibilityReportSchema = z.object({
  _id: z.string(),
  where: z.string(),
  what: z.string(),
  email: z.string().nullable(),
  /** The language the sender read the statement in. */
  language: z.enum(LANGUAGES),
  createdAt: z.string(),
  /** When an admin marked it handled; null while it is open. */
  handledAt: z.string().nullable(),
});
export type AccessibilityReport = z.infer<typeof accessibilityReportSchema>;

export const accessibilityReportsReplySchema = z.object({
  data: z.object({
    data: z.array(accessibilityReportSchema),
    total: z.number().int(),
    /** How many of them are not handled yet. */
    open: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type AccessibilityReportsReply = z.infer<typeof accessibilityReportsReplySchema>;

// PATCH /api/admin/accessibility-reports/{reportId} (admin): mark handled, or open again.
export const accessibilityReportParamsSchema = z.object({ reportId: idSchema });
export const accessibilityReportUpdateSchema = z.strictObject({ handled: z.boolean() });
export const accessibilityReportReplySchema = z.object({ data: accessibilityReportSchema });

/** The accessibility coordinator the statement names (ACCESSIBILITY_CONTACT_*); name null: the page names the role. */
export const accessibilityContactSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
