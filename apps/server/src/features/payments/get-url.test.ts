import { buildTestApp } from '../../test/build-test-app.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildUser, gameContent } from '../../test/factories.ts';
import { buyer, nextIp, paymentPage, paymentTables, postJson, postRaw } from './test-support.ts';

describe.each(testDatabaseKinds())('POST /api/payment/get-url/{gameId} refusals on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const url = (gameId: string) => `/api/payment/get-url/${gameId}`;
  const withPrice = (price: string | number) => ({ metadata: { ...gameContent().metadata, price } });

  it('sells only approved games: unknown, draft and pending games are 404, and nothing is stored', async () => {
    const before = await paymentTables(t.db);
    const draft = await buildGame(t.db, { status: 'DRAFT', approvedAt: null });
    const pending = await buildGame(t.db, { status: 'PENDING', approvedAt: null });
    for (const gameId of ['0123456789abcdef01234567', draft.id, pending.id]) {
      const res = await postJson(t.app, url(gameId), buyer());
      expect({ gameId, status: res.statusCode, body: res.json() }).toEqual({ gameId, status: 404, body: { code: 'not_found', message: 'No such game' } });
    }
    expect(await paymentTables(t.db)).toEqual(before);
  });

  it('refuses a free game with 409 conflict (price empty or 0)', async () => {
    const before = await paymentTables(t.db);
    for (const price of ['', '0', 0, ' 0.00 ']) {
      const game = await buildGame(t.db, { content: withPrice(price) });
      const res = await postJson(t.app, url(game.id), buyer());
      expect({ price, status: res.statusCode, code: res.json().code }).toEqual({ price, status: 409, code: 'conflict' });
      expect(res.json().message).toMatch(/this game is free/i);
    }
    expect(await paymentTables(t.db)).toEqual(before);
  });

  it('refuses bad input with 4xx { message, code } and stores no purchase', async () => {
    const game = await buildGame(t.db);
    const before = await paymentTables(t.db);
    const cases: { name: string; send: () => ReturnType<typeof postJson> }[] = [
      { name: 'empty object', send: () => postJson(t.app, url(game.id), {}) },
      { name: 'no fullName', send: () => postJson(t.app, url(game.id), { email: 'a@example.com', phone: '050-1234567' }) },
      { name: 'no email', send: () => postJson(t.app, url(game.id), buyer({ email: undefined })) },
      { name: 'no phone', send: () => postJson(t.app, url(game.id), buyer({ phone: undefined })) },
      { name: 'blank fullName', send: () => postJson(t.app, url(game.id), buyer({ fullName: '   ' })) },
      { name: 'fullName a number', send: () => postJson(t.app, url(game.id), buyer({ fullName: 42 })) },
      { name: 'email not an email', send: () => postJson(t.app, url(game.id), buyer({ email: 'maya-at-example' })) },
      { name: 'email an array', send: () => postJson(t.app, url(game.id), buyer({ email: ['maya@example.com'] })) },
      { name: 'phone with letters', send: () => postJson(t.app, url(game.id), buyer({ phone: 'call me maybe' })) },
      { name: 'phone a number', send: () => postJson(t.app, url(game.id), buyer({ phone: 521234567 })) },
      { name: 'body an array', send: () => postJson(t.app, url(game.id), [buyer()]) },
      { name: 'malformed JSON', send: () => postRaw(t.app, url(game.id), '{"fullName": "Maya", ', 'application/json') },
      { name: 'empty JSON body', send: () => postRaw(t.app, url(game.id), '', 'application/json') },
      { name: 'a form instead of JSON', send: () => postRaw(t.app, url(game.id), 'fullName=Maya', 'application/x-www-form-urlencoded') },
      { name: 'malformed game id', send: () => postJson(t.app, url('not*an*id'), buyer()) },
      { name: 'huge body', send: () => postJson(t.app, url(game.id), buyer({ fullName: 'x'.repeat(20_000) })) },
    ];
    for (const { name, send } of cases) {
      const res = await send();
      const body = res.json();
      expect({ name, clientError: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ name, clientError: true });
      expect({ name, message: typeof body.message, code: typeof body.code }).toEqual({ name, message: 'string', code: 'string' });
    }
    expect(await paymentTables(t.db)).toEqual(before);
  });

  it('keeps the aff cookie’s code on the purchase: absent, encoded, and implausible values', async () => {
    const game = await buildGame(t.db);
    const affOf = async (headers: Record<string, string>) => {
      const { ref } = paymentPage(await postJson(t.app, url(game.id), buyer(), { headers }));
      return (await t.db.select().from(purchases).where(eq(purchases.providerRef, ref)))[0].affCode;
    };
    expect(await affOf({})).toBeNull();
    expect(await affOf({ cookie: 'aff=GUIDE-12' })).toBe('GUIDE-12');
    expect(await affOf({ cookie: `session=abc; aff=${encodeURIComponent('שותף 7')}` })).toBe('שותף 7');
    expect(await affOf({ cookie: 'naff=NOT-ME; aff_other=NOR-ME' })).toBeNull();
    expect(await affOf({ cookie: `aff=${'x'.repeat(65)}` })).toBeNull();
  });

  it('a logged-in buyer’s own affiliate code is not kept on their purchase (they earn no share of it); another’s is', async () => {
    const game = await buildGame(t.db);
    const me = await buildUser(t.db);
    const other = await buildUser(t.db);
    const token = await t.app.services.signer.sign({ userId: me.id, role: 'user' });
    const affOf = async (headers: Record<string, string>) => {
      const { ref } = paymentPage(await postJson(t.app, url(game.id), buyer(), { headers }));
      return (await t.db.select().from(purchases).where(eq(purchases.providerRef, ref)))[0].affCode;
    };
    expect(await affOf({ cookie: `aff=${me.affiliateCode}`, 'x-access-token': token })).toBeNull();
    expect(await affOf({ cookie: `aff=${me.affiliateCode.toLowerCase()}`, 'x-access-token': token })).toBeNull();
    expect(await affOf({ cookie: `aff=${other.affiliateCode}`, 'x-access-token': token })).toBe(other.affiliateCode);
    expect(await affOf({ cookie: `aff=${me.affiliateCode}` })).toBe(me.affiliateCode);
  });

  it('takes the language from Accept-Language, Hebrew by default', async () => {
    const game = await buildGame(t.db);
    const languageOf = async (headers: Record<string, string>) => {
      const { ref } = paymentPage(await postJson(t.app, url(game.id), buyer(), { headers }));
      return (await t.db.select().from(purchases).where(eq(purchases.providerRef, ref)))[0].language;
    };
    expect(await languageOf({})).toBe('he');
    expect(await languageOf({ 'accept-language': 'en' })).toBe('en');
    expect(await languageOf({ 'accept-language': 'fr-FR,en;q=0.8' })).toBe('en');
    expect(await languageOf({ 'accept-language': 'he-IL,he;q=0.9,en;q=0.8' })).toBe('he');
    expect(await languageOf({ 'accept-language': 'de' })).toBe('he');
  });

  it('allows 20 calls a minute from one IP, then 429 rate_limited', async () => {
    const game = await buildGame(t.db);
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await postJson(t.app, url(game.id), {}, { ip })).statusCode).toBe(400);
    const limited = await postJson(t.app, url(game.id), buyer(), { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await postJson(t.app, url(game.id), buyer())).statusCode).toBe(200);
  });
});
