import { SignJWT, jwtVerify } from 'jose';
import { purposeKey } from '../../platform/signing.ts';

/** How long the finance reports stay open after the password is entered again. */
const REPORTS_GRANT_TTL_MINUTES = 15;

/**
 * The short-lived grant of the finance reports (the terms' 'dedicated page reached by password'): a
 * JWT of its own key, so an access token is never a grant nor the other way round. It names the user
 * and their token version, so a password change ends it with the sessions.
 */
export function createReportsGrants(jwtSecret: string) {
  const key = purposeKey(jwtSecret, 'streethunt reports grant v1');
  return {
    async sign(userId: string, tokenVersion: number, now = new Date()): Promise<{ grant: string; expiresAt: Date }> {
      const expiresAt = new Date(now.getTime() + REPORTS_GRANT_TTL_MINUTES * 60_000);
      const grant = await new SignJWT({ ver: tokenVersion, use: 'reports' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { grant, expiresAt };
    },
    /** The grant's user and token version, or null when it is forged, expired or not a reports grant. */
    async verify(grant: string): Promise<{ userId: string; tokenVersion: number } | null> {
      try {
        const { payload } = await jwtVerify(grant, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        if (payload.use !== 'reports' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        return { userId: payload.sub, tokenVersion: payload.ver };
      } catch {
        return null;
      }
    },
  };
}
export type ReportsGrants = ReturnType<typeof createReportsGrants>;
