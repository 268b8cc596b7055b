import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_DAYS, type Role } from '@streethunt/shared';

/** Passwords: argon2id, the library's default algorithm, with its defaults (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random single-use token for a link, and the hash we store instead of it. */
export function newSecretToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type AccessClaims = { userId: string; role: Role };
/**
 * What a verified token says. `tokenVersion` is the user's token version when it was signed; the
 * access check refuses it once the stored version has moved on (a password change or reset).
 */
export type VerifiedToken = AccessClaims & { tokenVersion: number };

/** Access tokens: HS256 JWTs carried in the x-access-token header. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    /** `tokenVersion` defaults to 0, every new user's version. */
    sign(claims: AccessClaims & { tokenVersion?: number }): Promise<string> {
      return new SignJWT({ role: claims.role, ver: claims.tokenVersion ?? 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_DAYS}d`)
        .sign(key);
    },
    async verify(token: string): Promise<VerifiedToken | null> {
      try {
        // A token without exp would never end, so it is refused like a forged one.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        if (typeof payload.sub !== 'string') return null;
        // Tokens signed before versions existed carry none and read as 0 (migration 0002 set 1 for users who had changed their password).
        const tokenVersion = payload.ver === undefined ? 0 : payload.ver;
        if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion) || tokenVersion < 0) return null;
        return { userId: payload.sub, role: payload.role === 'admin' ? 'admin' : 'user', tokenVersion };
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
