import type { Db } from '../../db/client.ts';
import { authTokens, payoutDetails, users } from '../../db/schema.ts';
import type { ReadMail } from '../../test/build-test-app.ts';

/** The token at the end of a link like `{publicUrl}/validate-email/{token}`, read from the text part. */
export function tokenFromMail(mail: ReadMail, linkPrefix: string): string {
  const escaped = linkPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no link starting ${linkPrefix} in: ${mail.text}`);
  return match[1];
}

/** Everything the account feature stores, in a stable order, to prove a refused call changed nothing. */
export async function accountTables(db: Db) {
  return {
    users: await db.select().from(users).orderBy(users.id),
    authTokens: await db.select().from(authTokens).orderBy(authTokens.id),
    payoutDetails: await db.select().from(payoutDetails).orderBy(payoutDetails.userId),
  };
}

/** Bank details as a user types them (a valid Israeli id number), with any field changed. */
export function paymentDetailsInput(overrides: Partial<Record<'accountHolder' | 'idNumber' | 'bankName' | 'bankNumber' | 'branchNumber' | 'accountNumber', string>> = {}) {
  return {
    accountHolder: 'נועה לוי',
    idNumber: '123456782',
    bankName: 'Bank Hapoalim',
    bankNumber: '12',
    branchNumber: '600',
    accountNumber: '7654321',
    ...overrides,
  };
}
