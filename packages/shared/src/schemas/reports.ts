import { z } from 'zod';
import { monthSchema } from '../money/periods.ts';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { lineText } from './common.ts';

/** The finance reports (spec section 2: /reports): reached by entering the password again. */

/** The header that carries the grant of POST /api/reports/unlock to GET /api/reports. */
export const REPORTS_GRANT_HEADER = 'x-reports-grant';

/** The password as login takes it (no control characters). */
export const reportsUnlockRequestSchema = z.strictObject({ password: lineText().min(1).max(PASSWORD_MAX_LENGTH) });
export const reportsUnlockReplySchema = z.object({ data: z.object({ grant: z.string(), expiresAt: z.string() }) });
export type ReportsUnlockReply = z.infer<typeof reportsUnlockReplySchema>;

export const financeReportQuerySchema = z.object({ from: monthSchema.optional(), to: monthSchema.optional() });

const agorot = z.number().int();

/** A builder's sales of one game in one month: every amount in agorot, net is what the builder earns. */
const builderSalesRowSchema = z.object({
  month: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  count: z.number().int(),
  gross: agorot,
  vat: agorot,
  commission: agorot,
  affiliateShares: agorot,
  net: agorot,
});

/** One purchase that came with the affiliate's code, and the affiliate's share of it (no buyer's details). */
const affiliateSaleRowSchema = z.object({
  month: z.string(),
  purchaseId: z.string(),
  paidAt: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  price: agorot,
  exVat: agorot,
  share: agorot,
});

/** One month of the payout statement (packages/shared/src/money/statement.ts buildStatement). */
const statementRowSchema = z.object({
  month: z.string(),
  carriedIn: agorot,
  earned: agorot,
  due: agorot,
  payable: agorot,
  rolledOver: agorot,
  paid: agorot,
  balance: agorot,
  dueDate: z.string(),
});

const financeReportSchema = z.object({
  currency: z.literal('ILS'),
  from: z.string(),
  to: z.string(),
  payoutMinimum: agorot,
  builderSales: z.array(builderSalesRowSchema),
  affiliateSales: z.array(affiliateSaleRowSchema),
  statement: z.array(statementRowSchema),
  /** The builder's trial funnel over the report's months: trials issued for their games, and how many of those were bought. */
  trialsStarted: z.number().int().optional(),
  trialsBought: z.number().int().optional(),
});
export type FinanceReport = z.infer<typeof financeReportSchema>;
export const financeReportReplySchema = z.object({ data: financeReportSchema });
export type FinanceReportReply = z.infer<typeof financeReportReplySchema>;
