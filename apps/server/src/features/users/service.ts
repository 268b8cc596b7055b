import { count, desc, sql, type SQL } from 'drizzle-orm';
import type { UserListItem, UsersListQuery } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { users } from '../../db/schema.ts';

export type UsersDeps = { db: Db };

export type UsersPage = { data: UserListItem[]; total: number; page: number; pageSize: number };

/**
 * A substring of the stored lower-cased "first last email phone" line: "noa lev" finds Noa Levi,
 * "@gmail" or "054" find by email or phone. A plain scan, measured at 100,000 users in
 * bench/users-list.ts; pg_trgm, which an index for substrings would need, is not on PGlite.
 */
const matching = (q: string): SQL => sql`${users.searchText} like ${containing(q.toLowerCase())}`;

const listed = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  createdAt: users.createdAt,
  role: users.role,
};
type ListedRow = Pick<typeof users.$inferSelect, keyof typeof listed>;
const newestFirst = [desc(users.createdAt), desc(users.id)];

/** The admin's users list: newest registration first (id breaks ties, so pages never overlap), one page of it and the total. */
export async function listUsers(deps: UsersDeps, query: UsersListQuery): Promise<UsersPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  const offset = (page - 1) * pageSize;
  const where = query.q ? matching(query.q) : undefined;
  const countAll = async () => (await deps.db.select({ total: count() }).from(users).where(where))[0].total;

  const pageOf = () => deps.db.select(listed).from(users).where(where).orderBy(...newestFirst).limit(pageSize).offset(offset);
  let rows: ListedRow[];
  let total: number;
  if (where) {
    // A search scans every row anyway: count in the same scan rather than scanning twice.
    const counted = await deps.db
      .select({ ...listed, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(users)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(offset);
    rows = counted;
    // Past the last page no row carries the count.
    total = counted[0]?.total ?? (await countAll());
  } else {
    // Without a search the index gives the page and the count is a quick scan of it.
    [rows, total] = await Promise.all([pageOf(), countAll()]);
  }
  return {
    data: rows.map(({ id, firstName, lastName, email, phone, createdAt, role }) => ({
      _id: id,
      firstName,
      lastName,
      email,
      phone,
      createdAt: createdAt.toISOString(),
      role,
    })),
    total,
    page,
    pageSize,
  };
}
