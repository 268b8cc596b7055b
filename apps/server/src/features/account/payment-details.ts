import { eq } from 'drizzle-orm';
import { maskAccountNumber, type PaymentDetailsReply, type PaymentDetailsRequest } from '@streethunt/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { payoutDetails, users } from '../../db/schema.ts';
import { verifyPassword } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ReportsGrants } from '../reports/reports-grant.ts';
import { holdsReportsGrant } from '../reports/service.ts';
import { paymentDetailsChangedEmail } from './emails.ts';
import { queueMail, type MailLog } from '../../platform/mail/mail-later.ts';

export type PaymentDetailsDeps = { db: Db; mailer: Mailer; config: Pick<Config, 'publicUrl'>; grants: ReportsGrants };

/** What proves the caller knows the password now: the password itself, or the finance reports' grant. */
export type PasswordProof = { password?: string; grant?: string };

type PaymentDetails = NonNullable<PaymentDetailsReply['data']['details']>;

const passwordNeeded = () => new AppError(403, 'wrong_credentials', 'Enter your password to see or change your bank details');

function toPaymentDetails(row: typeof payoutDetails.$inferSelect, whole: boolean): PaymentDetails {
  const { userId: _userId, updatedAt, accountNumber, ...details } = row;
  return {
    ...details,
    accountNumber: whole ? accountNumber : maskAccountNumber(accountNumber),
    accountNumberMasked: !whole,
    updatedAt: updatedAt.toISOString(),
  };
}

async function proven(deps: PaymentDetailsDeps, userId: string, proof: PasswordProof): Promise<boolean> {
  if (proof.password !== undefined) {
    const [user] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return Boolean(user && (await verifyPassword(user.passwordHash, proof.password)));
  }
  return holdsReportsGrant(deps, userId, proof.grant);
}

/**
 * GET /api/user/payment-details: the whole account number only with the reports' grant (the
 * password entered again a few minutes ago); otherwise masked, so a stolen session alone never
 * reads it.
 */
export async function readPaymentDetails(deps: PaymentDetailsDeps, userId: string, grant: string | undefined): Promise<PaymentDetails | null> {
  const [row] = await deps.db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId));
  if (!row) return null;
  return toPaymentDetails(row, await holdsReportsGrant(deps, userId, grant));
}

/**
 * POST /api/user/payment-details: only with the password (or the grant), so a stolen session cannot
 * send the payouts elsewhere; the account holder is emailed on every change.
 */
export async function savePaymentDetails(
  deps: PaymentDetailsDeps,
  log: MailLog,
  userId: string,
  input: PaymentDetailsRequest,
  proof: PasswordProof,
): Promise<PaymentDetails> {
  if (!(await proven(deps, userId, proof))) throw passwordNeeded();
  const details: PaymentDetailsRequest = {
    accountHolder: input.accountHolder,
    idNumber: input.idNumber,
    bankName: input.bankName,
    bankNumber: input.bankNumber,
    branchNumber: input.branchNumber,
    accountNumber: input.accountNumber,
  };
  const now = new Date();
  const [row] = await deps.db
    .insert(payoutDetails)
    .values({ ...details, userId, updatedAt: now })
    .onConflictDoUpdate({ target: payoutDetails.userId, set: { ...details, updatedAt: now } })
    .returning();
  await queueMail(log, async () => {
    const [user] = await deps.db.select({ email: users.email, firstName: users.firstName, language: users.language }).from(users).where(eq(users.id, userId));
    if (!user) return;
    const link = `${deps.config.publicUrl}/forgot-password`;
    await deps.mailer.send({ to: user.email, ...paymentDetailsChangedEmail({ firstName: user.firstName, maskedAccount: maskAccountNumber(details.accountNumber), link, language: user.language }) });
  });
  return toPaymentDetails(row, true);
}
