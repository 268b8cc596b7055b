import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { MONEY_TIME_ZONE } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { purchases } from '../../db/schema.ts';

/** A sale's month in Israel time (packages/shared monthOf): 01:30 on April 1st in Tel Aviv is April's. */
export const SALE_MONTH = sql<string>`to_char(${purchases.paidAt} at time zone ${sql.raw(`'${MONEY_TIME_ZONE}'`)}, 'YYYY-MM')`;

/**
 * Paid, not refunded: what builders and affiliates earn from (a refund takes the sale back out). A
 * purchase reads refunded from the moment its refund or cancellation is decided, whether or not the
 * provider has paid the money back yet (its `refunds` row pending, sent or even failed): the buyer is
 * owed it either way, so nobody earns from it, and reports and payouts never wait on the provider.
 */
export const EARNING = eq(purchases.status, 'paid');

export type Earned = { userId: string; month: string; builder: number; affiliate: number };

/**
 * Earnings per user and month, as builder and as affiliate: of one user (the reports) or of everyone up
 * to a month (the admin's payouts).
 */
export async function earningsByMonth(db: Db, only: { userId?: string; upTo?: string }): Promise<Earned[]> {
  const upTo: SQL | undefined = only.upTo ? sql`${SALE_MONTH} <= ${only.upTo}` : undefined;
  const side = (column: typeof purchases.builderId | typeof purchases.affiliateId, share: typeof purchases.builderShare | typeof purchases.affiliateShare) =>
    db
      .select({ userId: sql<string>`${column}`, month: SALE_MONTH, amount: sql<number>`sum(${share})::int` })
      .from(purchases)
      .where(and(EARNING, isNotNull(column), only.userId ? eq(column, only.userId) : undefined, upTo))
      .groupBy(column, SALE_MONTH);
  const [asBuilder, asAffiliate] = await Promise.all([side(purchases.builderId, purchases.builderShare), side(purchases.affiliateId, purchases.affiliateShare)]);
  const byKey = new Map<string, Earned>();
  const at = (userId: string, month: string) => {
    const key = `${userId} ${month}`;
    let row = byKey.get(key);
    if (!row) byKey.set(key, (row = { userId, month, builder: 0, affiliate: 0 }));
    return row;
  };
  for (const row of asBuilder) at(row.userId, row.month).builder += Number(row.amount);
  for (const row of asAffiliate) at(row.userId, row.month).affiliate += Number(row.amount);
  return [...byKey.values()];
}
