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
/** What a verified token says, with when it was issued (seconds since the epoch). */
export type VerifiedToken = AccessClaims & { issuedAt: number };

/** Access tokens: HS256 JWTs carried in the x-access-token header. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_DAYS}d`)
        .sign(key);
    },
    async verify(token: string): Promise<VerifiedToken | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        return { userId: payload.sub, role: payload.role === 'admin' ? 'admin' : 'user', issuedAt: payload.iat ?? 0 };
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
