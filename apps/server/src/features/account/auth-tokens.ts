import { and, eq, gt, isNull } from 'drizzle-orm';
import { EMAIL_VALIDATION_TTL_HOURS, PASSWORD_RESET_TTL_HOURS } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { authTokens } from '../../db/schema.ts';
import { hashToken, newSecretToken } from '../../platform/auth.ts';

export type AuthTokenKind = (typeof authTokens.$inferSelect)['kind'];

const ttlHours: Record<AuthTokenKind, number> = {
  validate_email: EMAIL_VALIDATION_TTL_HOURS,
  reset_password: PASSWORD_RESET_TTL_HOURS,
};

/** Stores the hash of a new single-use token and returns the token itself (for the emailed link only). */
export async function issueAuthToken(db: Db, userId: string, kind: AuthTokenKind): Promise<string> {
  const { token, tokenHash } = newSecretToken();
  const expiresAt = new Date(Date.now() + ttlHours[kind] * 3600_000);
  await db.insert(authTokens).values({ userId, kind, tokenHash, expiresAt });
  return token;
}

const live = (kind: AuthTokenKind, token: string) =>
  and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date()));

/** The owner of a token that is still usable, without using it up. */
export async function findLiveAuthToken(db: Db, kind: AuthTokenKind, token: string): Promise<{ userId: string } | null> {
  const [row] = await db.select({ userId: authTokens.userId }).from(authTokens).where(live(kind, token));
  return row ?? null;
}

/**
 * Uses a token up and returns its owner, or null when it is unknown, used, expired or of another kind.
 * One conditional UPDATE, so two requests racing with the same token cannot both win.
 */
export async function claimAuthToken(db: Db, kind: AuthTokenKind, token: string): Promise<{ userId: string } | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(live(kind, token))
    .returning({ userId: authTokens.userId });
  return row ?? null;
}

/** Makes every unused token of that kind of one user unusable (after a password change, say). */
export async function revokeAuthTokens(db: Db, userId: string, kind: AuthTokenKind): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}
