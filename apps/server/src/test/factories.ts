import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { authTokens, payoutDetails, purchases, users } from '../db/schema.ts';
import { hashPassword, newSecretToken } from '../platform/auth.ts';

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

type UserRow = typeof users.$inferSelect;

/** A stored user (validated email unless said otherwise); the plain password comes back beside it. */
export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = DEFAULT_TEST_PASSWORD, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Noa',
      lastName: 'Levi',
      email: `user-${randomBytes(4).toString('hex')}@example.com`,
      phone: '050-1234567',
      passwordHash: await hashPassword(password),
      emailValidatedAt: new Date(),
      ...rest,
    })
    .returning();
  return { ...user, password };
}

type AuthTokenRow = typeof authTokens.$inferSelect;

/** A stored single-use token (live for an hour unless said otherwise); the plain token comes back beside it. */
export async function buildAuthToken(
  db: Db,
  values: Pick<AuthTokenRow, 'userId' | 'kind'> & Partial<Pick<AuthTokenRow, 'expiresAt' | 'usedAt'>>,
): Promise<AuthTokenRow & { token: string }> {
  const { token, tokenHash } = newSecretToken();
  const [row] = await db
    .insert(authTokens)
    .values({ expiresAt: new Date(Date.now() + 3600_000), ...values, tokenHash })
    .returning();
  return { ...row, token };
}

/** Stored payout details for a user. */
export async function buildPayoutDetails(
  db: Db,
  userId: string,
  overrides: Partial<typeof payoutDetails.$inferInsert> = {},
): Promise<typeof payoutDetails.$inferSelect> {
  const [row] = await db
    .insert(payoutDetails)
    .values({
      userId,
      accountHolder: 'Noa Levi',
      idNumber: '123456782',
      bankName: 'Bank Leumi',
      bankNumber: '10',
      branchNumber: '800',
      accountNumber: '12345678',
      ...overrides,
    })
    .returning();
  return row;
}

/** A stored sandbox purchase of a game (paid unless said otherwise), with an unguessable provider reference. */
export async function buildPurchase(
  db: Db,
  values: { gameId: string } & Partial<typeof purchases.$inferInsert>,
): Promise<typeof purchases.$inferSelect> {
  const status = values.status ?? 'paid';
  const [row] = await db
    .insert(purchases)
    .values({
      fullName: 'Maya Cohen',
      email: `buyer-${randomBytes(4).toString('hex')}@example.com`,
      phone: '052-7654321',
      amount: 4500,
      currency: 'ILS',
      provider: 'sandbox',
      providerRef: randomBytes(32).toString('base64url'),
      language: 'he',
      paidAt: status === 'paid' ? new Date() : null,
      ...values,
      status,
    })
    .returning();
  return row;
}
