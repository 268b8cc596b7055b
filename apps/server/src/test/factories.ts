import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../platform/auth.ts';

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
