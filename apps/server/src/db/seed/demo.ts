import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';
import { hashPassword } from '../../platform/auth.ts';

/** Demo accounts for the embedded database. Known passwords: demo data only, never a deployment. */
export const demoAccounts = [
  { role: 'admin', firstName: 'Dana', lastName: 'Admin', email: 'admin@streethunt.local', password: 'demo-admin-1234', phone: '050-0000001' },
  { role: 'user', firstName: 'Yoni', lastName: 'Creator', email: 'creator@streethunt.local', password: 'demo-creator-1234', phone: '050-0000002' },
] as const;

/** Seeds a new (empty) database. Returns false when there was data already. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  const now = new Date();
  for (const account of demoAccounts) {
    await db.insert(users).values({
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phone: account.phone,
      role: account.role,
      passwordHash: await hashPassword(account.password),
      emailValidatedAt: now,
      language: 'he',
    });
  }
  return true;
}

export function demoLoginHelp(publicUrl: string): string {
  const lines = demoAccounts.map((a) => `  ${a.role === 'admin' ? 'admin  ' : 'creator'}  ${a.email}  /  ${a.password}`);
  return [`Demo accounts (log in at ${publicUrl}/login):`, ...lines].join('\n');
}
