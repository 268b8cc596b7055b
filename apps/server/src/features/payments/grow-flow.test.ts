import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes, purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { growPayerId } from '../../platform/payments/grow.ts';
import { FAKE_GROW_PAGE_CODE, FAKE_GROW_USER_ID, startFakeGrow, type FakeGrow } from '../../platform/payments/test-servers/fake-grow.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, gameContent } from '../../test/factories.ts';
import { buyer, getPage, nextIp, paymentTables, postJson, postRaw } from './test-support.ts';

const NOTIFY = '/api/payments/notify/grow';

describe.each(testDatabaseKinds())('buying a code through Grow on %s', (kind) => {
  let fake: FakeGrow;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeGrow();
    t = await buildTestApp({ kind, env: { PAYMENT_PROVIDER: 'grow', GROW_USER_ID: FAKE_GROW_USER_ID, GROW_PAGE_CODE: FAKE_GROW_PAGE_CODE, GROW_API_URL: fake.url } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const mailsTo = async (email: string) => (await t.readOutbox()).filter((m) => m.to === email);
  const checkToken = (token: string) => postJson(t.app, '/api/payment/checkToken', { token });
  const notify = (fields: Record<string, string>) => postRaw(t.app, NOTIFY, new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded');
  const codesOf = (purchaseId: string) => t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, purchaseId));
  const approvals = (processId: string) => fake.requests.filter((r) => r.path === '/approveTransaction' && r.fields.processId === processId);
  const statusOf = async (purchaseId: string) => (await t.db.select().from(purchases).where(eq(purchases.id, purchaseId)))[0].status;

  /** get-url for a new game: the purchase, Grow's process and the success token in its successUrl. */
  async function startPurchase(email: string, price: string | number = 45) {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, name: 'Carmel Market', price } } });
    const reply = await postJson(t.app, `/api/payment/get-url/${game.id}`, buyer({ email }));
    expect(reply.statusCode).toBe(200);
    const process = [...fake.processes.values()].at(-1);
    if (!process) throw new Error('no process');
    expect(reply.json().data.URL).toBe(`https://sandbox.grow.test/s/${process.processId}`);
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.id, process.fields.cField1));
    const token = new URL(process.fields.successUrl).searchParams.get('Token') ?? '';
    return { game, process, purchase, token };
  }

  it('get-url starts a process; the notification, confirmed with Grow, fulfils it: one code, emailed once, approved once', async () => {
    const email = 'grow.buyer@example.com';
    const { game, process, purchase, token } = await startPurchase(email);
    expect(purchase).toMatchObject({ provider: 'grow', providerRef: `${process.processId}:${process.processToken}`, status: 'pending', amount: 4500 });
    expect(process.fields).toMatchObject({ sum: '45.00', cField1: purchase.id, notifyUrl: `${t.config.publicUrl}${NOTIFY}`, cancelUrl: `${t.config.publicUrl}/game/${game.id}` });
    expect(process.fields.successUrl).toBe(`${t.config.publicUrl}/payment-success?Token=${token}`);

    fake.pay(process.processId);
    const reply = await notify(fake.notification(process.processId));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ received: true, outcome: 'paid' });
    const codes = await codesOf(purchase.id);
    expect(codes).toHaveLength(1);
    expect(await statusOf(purchase.id)).toBe('paid');
    // The card Grow names is stored with the paid purchase as its payer, hashed with the server's secret.
    const [{ payerId }] = await t.db.select({ payerId: purchases.payerId }).from(purchases).where(eq(purchases.id, purchase.id));
    expect(payerId).toMatch(/^grow:card:[0-9a-f]{64}$/);
    expect(payerId).toBe(growPayerId(process.transaction ?? {}, t.config.jwtSecret));
    expect(approvals(process.processId)).toHaveLength(1);
    expect(approvals(process.processId)[0].fields).toMatchObject({ pageCode: FAKE_GROW_PAGE_CODE, sum: '45.00', transactionId: process.transaction?.transactionId });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(codes[0].code);

    // The buyer lands on the success page (Grow adds &response=success).
    const checked = await checkToken(token);
    expect(checked.json()).toEqual({ data: { gameId: game.id, secretCode: codes[0].code, purchaseId: purchase.id, cancellable: true, cancelBefore: expect.any(String) } });

    // Grow posts again (it retries until answered): one code, one email, one approval.
    const again = await notify(fake.notification(process.processId));
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toBe('already_paid');
    expect(await codesOf(purchase.id)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(approvals(process.processId)).toHaveLength(1);
  });

  it('takes the notification as multipart form data too', async () => {
    const { process, purchase } = await startPurchase('multipart@example.com');
    fake.pay(process.processId);
    const form = new FormData();
    for (const [key, value] of Object.entries(fake.notification(process.processId))) form.append(key, value);
    const request = new Request('http://local/', { method: 'POST', body: form });
    const reply = await t.app.inject({
      method: 'POST',
      url: NOTIFY,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      remoteAddress: nextIp(),
    });
    expect(reply.statusCode).toBe(200);
    expect(await codesOf(purchase.id)).toHaveLength(1);
  });

  it('the buyer returns before the notification: the return page asks Grow and fulfils; the late notification changes nothing', async () => {
    const email = 'early.grow@example.com';
    const { process, purchase, token } = await startPurchase(email);
    expect((await checkToken(token)).statusCode).toBe(409);
    fake.pay(process.processId);
    const checked = await checkToken(token);
    expect(checked.statusCode).toBe(200);
    expect(approvals(process.processId)).toHaveLength(1);
    const late = await notify(fake.notification(process.processId));
    expect(late.json().outcome).toBe('already_paid');
    expect((await codesOf(purchase.id)).map((c) => c.code)).toEqual([checked.json().data.secretCode]);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(approvals(process.processId)).toHaveLength(1);
  });

  it('the notification never comes: each return asks Grow until it is paid', async () => {
    const { process, purchase, token } = await startPurchase('never.grow@example.com');
    expect((await checkToken(token)).json()).toEqual({ code: 'conflict', message: 'payment not completed' });
    fake.pay(process.processId);
    const replies = await Promise.all([checkToken(token), checkToken(token)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await codesOf(purchase.id)).toHaveLength(1);
  });

  it('a forged notification (Grow says not paid) is refused with 409 and changes nothing', async () => {
    const { process, purchase } = await startPurchase('forged@example.com');
    const before = await paymentTables(t.db);
    // Claims to be paid, with every field a real one has; Grow lists no paid transaction.
    const reply = await notify(fake.notification(process.processId, { 'data[statusCode]': '2', 'data[status]': 'שולם' }));
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 'conflict' });
    expect(await paymentTables(t.db)).toEqual(before);
    expect(await statusOf(purchase.id)).toBe('pending');
    expect(approvals(process.processId)).toHaveLength(0);
  });

  it('a notification naming another process, an unknown purchase, or nothing is refused and changes nothing', async () => {
    const first = await startPurchase('crossed.one@example.com');
    const second = await startPurchase('crossed.two@example.com');
    fake.pay(second.process.processId);
    const before = await paymentTables(t.db);
    // Paid process 2, pointed at purchase 1: the purchase's own stored process must be the one named.
    const crossed = await notify(fake.notification(second.process.processId, { 'data[customFields][cField1]': first.purchase.id }));
    expect(crossed.statusCode).toBe(404);
    const unknown = await notify(fake.notification(second.process.processId, { 'data[customFields][cField1]': 'ffffffffffffffffffffffff' }));
    expect(unknown.statusCode).toBe(404);
    const empty = await notify({ status: '1' });
    expect(empty.statusCode).toBe(400);
    const json = await postJson(t.app, NOTIFY, { processId: 1 });
    expect(json.statusCode).toBe(400);
    const repeated = await postRaw(t.app, NOTIFY, 'cField1=a&cField1=b&processId=1', 'application/x-www-form-urlencoded');
    expect(repeated.statusCode).toBe(400);
    expect(await paymentTables(t.db)).toEqual(before);
  });

  it('a payment of another sum than the purchase is refused (409), logged, and left pending', async () => {
    const { process, purchase, token } = await startPurchase('wrong.sum@example.com', 60);
    fake.pay(process.processId, { sum: '1.00' });
    const before = await paymentTables(t.db);
    const reply = await notify(fake.notification(process.processId, { 'data[sum]': '60.00' }));
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toMatch(/amount does not match/);
    expect((await checkToken(token)).statusCode).toBe(409);
    expect(await paymentTables(t.db)).toEqual(before);
    expect(await statusOf(purchase.id)).toBe('pending');
    expect(approvals(process.processId)).toHaveLength(0);
  });

  it('Grow unreachable: the notification and the return page are answered 502 (both try again), get-url 502 with no purchase left', async () => {
    const { process, purchase, token } = await startPurchase('grow.down@example.com');
    fake.pay(process.processId);
    fake.down = true;
    try {
      expect((await notify(fake.notification(process.processId))).statusCode).toBe(502);
      expect((await checkToken(token)).statusCode).toBe(502);
      expect(await statusOf(purchase.id)).toBe('pending');
      const game = await buildGame(t.db);
      const before = await paymentTables(t.db);
      expect((await postJson(t.app, `/api/payment/get-url/${game.id}`, buyer())).statusCode).toBe(502);
      expect(await paymentTables(t.db)).toEqual(before);
    } finally {
      fake.down = false;
    }
    expect((await notify(fake.notification(process.processId))).json().outcome).toBe('paid');
  });

  it('documents the notification route, public and rate limited', async () => {
    const docs = await getPage(t.app, '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain(NOTIFY);
    expect(Object.keys(docs.json().paths)).not.toContain('/api/payments/webhook/stripe');
    expect(t.app.routeAccess.find((r) => r.url === NOTIFY)).toEqual({ method: 'POST', url: NOTIFY, access: 'public' });
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await postRaw(t.app, NOTIFY, 'status=1', 'application/x-www-form-urlencoded', { ip })).statusCode;
    expect(last).toBe(429);
  });
});
