import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserListItem } from '@streethunt/shared';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import { getJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';

type Listed = { data: { data: UserListItem[]; total: number; page: number; pageSize: number } };

describe.each(testDatabaseKinds())('the admin’s users list on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let creatorToken: string;
  /** Every user, newest registration first, as the list must give them. */
  let everyone: { id: string; email: string }[];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const start = Date.now() - 3600_000;
    const made: { id: string; email: string; createdAt: Date }[] = [];
    // 33 users a minute apart, and 3 registered at the very same moment (the id must break the tie).
    for (let i = 0; i < 33; i++) {
      const hebrew = i % 3 === 0;
      made.push(
        await buildUser(t.db, {
          firstName: hebrew ? `נועה${i}` : `Noa${i}`,
          lastName: hebrew ? 'לוי' : i % 3 === 1 ? 'Cohen' : 'Mizrahi',
          email: `player${i}@${i % 2 ? 'gmail.com' : 'walla.co.il'}`,
          phone: `054-00000${String(i).padStart(2, '0')}`,
          createdAt: new Date(start + i * 60_000),
        }),
      );
    }
    const tie = new Date(start + 40 * 60_000);
    for (let i = 0; i < 3; i++) made.push(await buildUser(t.db, { firstName: 'Tie', lastName: `Same${i}`, email: `tie${i}@example.com`, createdAt: tie }));
    const admin = await buildUser(t.db, { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', role: 'admin', createdAt: new Date(start + 50 * 60_000) });
    const creator = await buildUser(t.db, { firstName: 'Cara', lastName: 'Creator', email: 'cara@example.com', createdAt: new Date(start + 51 * 60_000) });
    made.push(admin, creator);
    everyone = made
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map(({ id, email }) => ({ id, email }));
    adminToken = await tokenFor(t.app, admin);
    creatorToken = await tokenFor(t.app, creator);
  });
  afterAll(() => t.close());

  const list = (query = '', token = adminToken) => getJson(t.app, `/api/users/${query}`, { token });
  const listed = async (query = '') => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Listed).data;
  };

  it('gives page 1 of 10, newest registration first, with the total and each user’s fields', async () => {
    const page = await listed();
    expect({ total: page.total, page: page.page, pageSize: page.pageSize }).toEqual({ total: everyone.length, page: 1, pageSize: 10 });
    expect(page.data.map((u) => u._id)).toEqual(everyone.slice(0, 10).map((u) => u.id));
    expect(page.data[0]).toEqual({
      _id: everyone[0].id,
      firstName: 'Cara',
      lastName: 'Creator',
      email: 'cara@example.com',
      phone: '050-1234567',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      role: 'user',
    });
    expect(page.data[1]).toMatchObject({ email: 'ada@example.com', role: 'admin' });
    // Nothing secret goes out.
    expect(Object.keys(page.data[0]).sort()).toEqual(['_id', 'createdAt', 'email', 'firstName', 'lastName', 'phone', 'role']);
  });

  it('pages through everyone exactly once in a stable order, ties broken by id; past the end is empty', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...(await listed(`?page=${page}&pageSize=10`)).data.map((u) => u._id));
    expect(seen).toEqual(everyone.map((u) => u.id));
    const big = await listed('?page=2&pageSize=20');
    expect(big.data.map((u) => u._id)).toEqual(everyone.slice(20, 40).map((u) => u.id));
    const past = await listed('?page=9');
    expect(past).toEqual({ data: [], total: everyone.length, page: 9, pageSize: 10 });
  });

  it('searches first name, last name, email and phone, in any case, Hebrew too, and pages the matches', async () => {
    const emails = async (q: string, rest = '') => (await listed(`?q=${encodeURIComponent(q)}${rest}`)).data.map((u) => u.email);
    expect(await emails('noa1')).toEqual(['player19@gmail.com', 'player17@gmail.com', 'player16@walla.co.il', 'player14@walla.co.il', 'player13@gmail.com', 'player11@gmail.com', 'player10@walla.co.il', 'player1@gmail.com']);
    expect(await emails('COHEN')).toHaveLength(10);
    expect((await listed('?q=cohen')).total).toBe(11);
    expect(await emails('נועה3')).toEqual(['player30@walla.co.il', 'player3@gmail.com']);
    expect((await listed(`?q=${encodeURIComponent('לוי')}`)).total).toBe(11);
    expect(await emails('WALLA.CO.IL', '&pageSize=20&page=1')).toHaveLength(17);
    expect(await emails('054-0000032')).toEqual(['player32@walla.co.il']);
    // Across first and last name, as an admin types a full name.
    expect(await emails('cara creator')).toEqual(['cara@example.com']);
    const second = await listed('?q=gmail&page=2&pageSize=10');
    expect({ total: second.total, count: second.data.length }).toEqual({ total: 16, count: 6 });
    // Trimmed; LIKE wildcards are plain characters; an empty search is no search.
    expect(await emails('  player32@  ')).toEqual(['player32@walla.co.il']);
    expect((await listed('?q=%25')).total).toBe(0);
    expect((await listed('?q=_')).total).toBe(0);
    expect((await listed('?q=%20%20')).total).toBe(everyone.length);
  });

  it('refuses a bad page, page size or search with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=01', 'page'],
      ['?page=1.5', 'page'],
      ['?page=1e3', 'page'],
      ['?page=abc', 'page'],
      ['?page=99999999', 'page'],
      ['?pageSize=5', 'pageSize'],
      ['?pageSize=15', 'pageSize'],
      ['?pageSize=60', 'pageSize'],
      ['?pageSize=', 'pageSize'],
      [`?q=${'a'.repeat(101)}`, 'q'],
      ['?q=a%00b', 'q'],
    ]) {
      const res = await list(query);
      const reply = res.json() as { code: string; issues?: { path: string }[] };
      expect({ query, status: res.statusCode, code: reply.code, fields: reply.issues?.map((i) => i.path) }).toEqual({ query, status: 400, code: 'validation', fields: [field] });
    }
    expect((await listed(`?q=${'a'.repeat(100)}`)).total).toBe(0);
  });

  it('is for admins only: 401 without a session, 403 for a creator', async () => {
    const anonymous = await getJson(t.app, '/api/users/');
    expect({ status: anonymous.statusCode, code: anonymous.json().code }).toEqual({ status: 401, code: 'unauthorized' });
    const creator = await list('', creatorToken);
    expect({ status: creator.statusCode, code: creator.json().code }).toEqual({ status: 403, code: 'forbidden' });
  });
});
