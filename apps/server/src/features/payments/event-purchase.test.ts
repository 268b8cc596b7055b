import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TEAMS_MAX, adminPurchasesReplySchema, controlRoomSchema, splitSale } from '@streethunt/shared';
import { events, gameCodes, purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, gameContent } from '../../test/factories.ts';
import { progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { fulfilPurchase, type FulfilDeps } from './fulfil.ts';
import { getPage, nextIp, paymentPage, paymentTables, postCardForm, postJson, SUCCEEDING_CARD } from './test-support.ts';

const hour = 60 * 60_000;
const order = (gameId: string, extra: Record<string, unknown> = {}) => ({
  gameId,
  name: 'Team day <7B>',
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 2 * hour).toISOString(),
  teamCount: 3,
  showLeaderboard: false,
  ...extra,
});

describe.each(testDatabaseKinds())('buying an event for many teams on %s', (kind) => {
  let t: TestApp;
  let creator: Awaited<ReturnType<typeof userWithToken>>;
  let organiser: Awaited<ReturnType<typeof userWithToken>>;
  let affiliate: Awaited<ReturnType<typeof userWithToken>>;
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  let deps: FulfilDeps;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    creator = await userWithToken(t);
    organiser = await userWithToken(t, { firstName: 'Dana', lastName: 'Teacher', email: 'dana.teacher@example.com', phone: '050-1234567' });
    affiliate = await userWithToken(t);
    admin = await userWithToken(t, { role: 'admin' });
    deps = { db: t.db, mailer: t.app.services.mailer, config: t.config, log: { error: () => {}, warn: () => {} } as unknown as FulfilDeps['log'] };
  });
  afterAll(() => t.close());

  const pricedGame = (metadata: Record<string, unknown>) =>
    buildGame(t.db, { userId: creator.user.id, content: { metadata: { ...gameContent().metadata, name: 'Jaffa Hunt', price: 45, ...metadata } } });
  const purchase = (body: unknown, options: { token?: string; cookie?: string; language?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/events/purchase',
      payload: body as object,
      headers: {
        ...(options.token !== undefined ? { 'x-access-token': options.token } : { 'x-access-token': organiser.token }),
        ...(options.cookie && { cookie: options.cookie }),
        ...(options.language && { 'accept-language': options.language }),
      },
      remoteAddress: nextIp(),
    });
  const purchaseByRef = async (ref: string) => (await t.db.select().from(purchases).where(eq(purchases.providerRef, ref)))[0];
  const eventsOf = (purchaseId: string) => t.db.select().from(events).where(eq(events.purchaseId, purchaseId));
  const room = async (eventId: string, token = organiser.token) => controlRoomSchema.parse((await call(t, 'GET', `/api/events/${eventId}`, { token })).json().data);
  const mailsTo = async (email: string) => (await t.readOutbox()).filter((m) => m.to === email);

  /** Buys an event (3 teams by default) through the sandbox page; its purchase and event. */
  async function buyEvent(gameId: string, extra: Record<string, unknown> = {}, cookie?: string) {
    const reply = await purchase(order(gameId, extra), { cookie });
    expect(reply.statusCode, reply.body).toBe(200);
    const { path, ref } = paymentPage(reply);
    const paid = await postCardForm(t.app, path, SUCCEEDING_CARD);
    expect(paid.headers.location).toBe(`/payment-success?Token=${ref}`);
    const bought = await purchaseByRef(ref);
    const [event] = await eventsOf(bought.id);
    return { ref, path, purchase: bought, event };
  }

  it('charges teamCount × the group price through the payment page; once paid: the event, its codes, the split with the affiliate, one email', async () => {
    const game = await pricedGame({ groupPrice: 30 });
    const reply = await purchase(order(game.id), { cookie: `aff=${affiliate.user.affiliateCode}`, language: 'en' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data.eventId).toBeNull();
    expect(reply.json().data.URL).toMatch(/^http:\/\/localhost:3000\/sandbox-pay\/[A-Za-z0-9_-]{43}$/);
    const { path, ref } = paymentPage(reply);
    const pending = await purchaseByRef(ref);
    expect(pending).toMatchObject({
      gameId: game.id,
      fullName: 'Dana Teacher',
      email: 'dana.teacher@example.com',
      phone: '050-1234567',
      amount: 9000,
      currency: 'ILS',
      affCode: affiliate.user.affiliateCode,
      status: 'pending',
      language: 'en',
      eventOrder: { gameId: game.id, name: 'Team day <7B>', teamCount: 3, showLeaderboard: false, organiserId: organiser.user.id },
    });
    // Nothing is made before the payment.
    expect(await eventsOf(pending.id)).toEqual([]);

    const page = await getPage(t.app, path, { headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₪90');
    expect(page.body).toContain('Team day &lt;7B&gt;</bdi>, 3 teams');
    expect(page.body).toContain(`href="http://localhost:3000/events/buy/${game.id}"`);

    const paid = await postCardForm(t.app, path, SUCCEEDING_CARD);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment-success?Token=${ref}`);
    const row = await purchaseByRef(ref);
    const split = splitSale({ price: 9000, vatPercent: t.config.vatPercent, withAffiliate: true });
    expect(row).toMatchObject({
      status: 'paid',
      builderId: creator.user.id,
      affiliateId: affiliate.user.id,
      vat: split.vat,
      commission: split.commission,
      affiliateShare: split.affiliateShare,
      builderShare: split.builderShare,
    });
    expect(split.affiliateShare).toBeGreaterThan(0);

    const [event] = await eventsOf(row.id);
    expect(event).toMatchObject({ gameId: game.id, organiserId: organiser.user.id, name: 'Team day <7B>', teamCount: 3, showLeaderboard: false });
    const opened = await room(event.id);
    expect(opened.teams).toHaveLength(3);
    expect(new Set(opened.teams.map((team) => team.code)).size).toBe(3);
    const codes = await t.db.select().from(gameCodes).where(eq(gameCodes.gameId, game.id));
    expect(codes.map((code) => code.source)).toEqual(['event', 'event', 'event']);
    expect(codes.every((code) => code.purchaseId === null)).toBe(true);

    const checked = await postJson(t.app, '/api/payment/checkToken', { token: ref });
    // Unused, so its buyer may still cancel it (DESIGN.md section 15).
    expect(checked.json()).toEqual({ data: { gameId: game.id, eventId: event.id, purchaseId: event.purchaseId, cancellable: true, cancelBefore: expect.any(String) } });
    // The event is the organiser's: in their list, not the game creator's.
    expect((await call(t, 'GET', '/api/events', { token: organiser.token })).json().data.map((e: { id: string }) => e.id)).toContain(event.id);
    expect((await call(t, 'GET', `/api/events/${event.id}`, { token: creator.token })).statusCode).toBe(404);

    // A payment notified again, even several times at once, makes nothing more and sends no more mail.
    const again = await Promise.all([1, 2, 3].map(() => fulfilPurchase(deps, row.id, { amount: 9000, currency: 'ILS' })));
    for (const result of again) expect(result).toEqual({ kind: 'paid', gameId: game.id, eventId: event.id, first: false });
    expect(await eventsOf(row.id)).toHaveLength(1);
    expect(await t.db.select().from(gameCodes).where(eq(gameCodes.gameId, game.id))).toHaveLength(3);
    const mails = await mailsTo('dana.teacher@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].language).toBe('en');
    expect(mails[0].subject).toBe('Your event Team day <7B> is ready');
    expect(mails[0].text).toContain('for 3 teams');
    // It is the buyer's receipt: what was paid.
    expect(mails[0].text).toContain('Amount paid: ₪90.');
    expect(mails[0].text).toContain(`http://localhost:3000/events/${event.id}`);
    expect(mails[0].html).toContain(`href="http://localhost:3000/events/${event.id}"`);
    expect(mails[0].html).toContain('Team day &lt;7B&gt;');
  });

  it('without a group price each team costs the game’s price; the organiser’s own affiliate code earns nothing', async () => {
    const game = await pricedGame({ groupPrice: null, price: '49.9' });
    const { purchase: row } = await buyEvent(game.id, { teamCount: 2 }, `aff=${organiser.user.affiliateCode}`);
    expect(row).toMatchObject({ amount: 9980, status: 'paid', affCode: null, affiliateId: null, affiliateShare: 0 });
  });

  it('made at once, without payment, for the game’s creator, an admin, or a free price', async () => {
    const priced = await pricedGame({});
    const free = await pricedGame({ price: '' });
    const before = await paymentTables(t.db);
    for (const [gameId, token] of [
      [priced.id, creator.token],
      [priced.id, admin.token],
      [free.id, organiser.token],
    ] as const) {
      const reply = await purchase(order(gameId), { token });
      expect(reply.statusCode, reply.body).toBe(200);
      const { URL, eventId } = reply.json().data;
      expect(URL).toBe(`http://localhost:3000/events/${eventId}`);
      expect((await room(eventId, token)).teams).toHaveLength(3);
    }
    expect((await paymentTables(t.db)).purchases).toEqual(before.purchases);
  });

  it('refused as POST /api/events refuses (a start after the end, over 200 teams, a draft game), and when signed out; nothing is stored', async () => {
    const game = await pricedGame({});
    const draft = await buildGame(t.db, { userId: creator.user.id, status: 'DRAFT', approvedAt: null });
    const before = { ...(await paymentTables(t.db)), events: await t.db.select().from(events) };
    const cases: [unknown, number, string, string?][] = [
      [order(game.id, { startsAt: new Date(Date.now() + hour).toISOString(), endsAt: new Date().toISOString() }), 400, 'validation'],
      [order(game.id, { teamCount: EVENT_TEAMS_MAX + 1 }), 400, 'validation'],
      [order(game.id, { teamCount: 0 }), 400, 'validation'],
      [order(game.id, { name: '' }), 400, 'validation'],
      [order(draft.id), 404, 'not_found'],
      [order(draft.id), 409, 'conflict', creator.token],
      [order('ffffffffffffffffffffffff'), 404, 'not_found'],
      [order(game.id), 401, 'unauthorized', ''],
    ];
    for (const [body, status, code, token] of cases) {
      const reply = await purchase(body, { token });
      expect({ status: reply.statusCode, code: reply.json().code, message: typeof reply.json().message }).toEqual({ status, code, message: 'string' });
    }
    expect({ ...(await paymentTables(t.db)), events: await t.db.select().from(events) }).toEqual(before);
  });

  it('refunded as a purchase while no team code was opened: every code stops, the event ends, the buyer is told', async () => {
    const game = await pricedGame({ groupPrice: 40 });
    const { purchase: row, event } = await buyEvent(game.id);
    const teams = (await room(event.id)).teams;
    const listed = adminPurchasesReplySchema.parse((await call(t, 'GET', `/api/purchases?q=${row.id}`, { token: admin.token })).json()).data;
    expect(listed[0]).toMatchObject({ _id: row.id, eventId: event.id, code: null, codeActivated: false, refund: { ok: true, refund: 11000, kept: 1000 } });

    const refunded = await call(t, 'POST', `/api/purchases/${row.id}/refund`, { token: admin.token, body: {} });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ status: 'refunded', refundAmount: 11000 });
    const codes = await t.db.select().from(gameCodes).where(eq(gameCodes.gameId, game.id));
    expect(codes.every((code) => code.disabledAt instanceof Date)).toBe(true);
    for (const team of teams) {
      expect((await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: team.code })).statusCode).toBe(410);
    }
    expect((await room(event.id)).event.endedAt).not.toBeNull();
    const [mail] = (await mailsTo('dana.teacher@example.com')).filter((m) => /refunded|בוטלה/.test(m.subject));
    expect(mail.text).toContain('3 קודי הקבוצות של האירוע Team day <7B> כבר לא פעילים.');
  });

  it('refused once any team code was opened (a play started); the codes keep working', async () => {
    const game = await pricedGame({});
    const { purchase: row, event } = await buyEvent(game.id);
    const [first, second] = (await room(event.id)).teams;
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: second.code })).statusCode).toBe(200);
    const listed = adminPurchasesReplySchema.parse((await call(t, 'GET', `/api/purchases?q=${row.id}`, { token: admin.token })).json()).data;
    expect(listed[0]).toMatchObject({ eventId: event.id, codeActivated: true, refund: { ok: false, reason: 'code_used' } });

    const refused = await call(t, 'POST', `/api/purchases/${row.id}/refund`, { token: admin.token, body: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'code_used' });
    expect((await purchaseByRef(row.providerRef!)).status).toBe('paid');
    expect((await t.db.select().from(gameCodes).where(eq(gameCodes.gameId, game.id))).every((code) => code.disabledAt === null)).toBe(true);
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: first.code })).statusCode).toBe(200);
  });
});
