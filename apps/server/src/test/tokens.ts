import type { Role } from '@streethunt/shared';
import type { TokenSigner } from '../platform/auth.ts';
import type { App } from '../services.ts';
import type { TestApp } from './build-test-app.ts';
import { buildUser } from './factories.ts';

/**
 * A session token for `user`, as login gives it (role from the row: 'admin' for an admin), signed by
 * the app's signer, or by the signer a test holds for a server in another process. `tokenVersion`
 * is 0, a new user's, unless said otherwise.
 */
export function tokenFor(signedBy: App | TokenSigner, user: { id: string; role: Role }, tokenVersion?: number): Promise<string> {
  const signer = 'services' in signedBy ? signedBy.services.signer : signedBy;
  return signer.sign({ userId: user.id, role: user.role, ...(tokenVersion !== undefined && { tokenVersion }) });
}

/** A stored user and a session token of theirs. */
export async function userWithToken(t: TestApp, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, overrides);
  return { user, token: await tokenFor(t.app, user) };
}
