import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { sandboxPayerId, SANDBOX_CARDS } from '../../platform/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildUser, gameContent } from '../../test/factories.ts';
import { ALSO_SUCCEEDING_CARD, buyer, paymentPage, postCardForm, postJson, SUCCEEDING_CARD } from './test-support.ts';

/**
 * Nobody earns an affiliate share of their own purchase, also when they buy anonymously under another
 * address with their own card: the whole way through, get-url, the sandbox page and its card, to the
 * sale's recorded split.
 */
describe.each(testDatabaseKinds())('an affiliate’s own card earns them no share on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const OTHER_CARD = ALSO_SUCCEEDING_CARD;

  /** Buys a 118 ILS game through get-url and the sandbox page; the sale's recorded affiliate and shares. */
  async function buy(options: { gameId: string; email: string; affCode: string; card: typeof SUCCEEDING_CARD; token?: string }) {
    const headers: Record<string, string> = { cookie: `aff=${options.affCode}`, ...(options.token && { 'x-access-token': options.token }) };
    const { path, ref } = paymentPage(await postJson(t.app, `/api/payment/get-url/${options.gameId}`, buyer({ email: options.email }), { headers }));
    const paid = await postCardForm(t.app, path, options.card);
    expect(paid.statusCode).toBe(303);
    const [row] = await t.db.select().from(purchases).where(eq(purchases.providerRef, ref));
    expect(row.status).toBe('paid');
    return { affiliateId: row.affiliateId, affiliateShare: row.affiliateShare, builderShare: row.builderShare, payerId: row.payerId, buyerId: row.buyerId };
  }

  it('same card, another email, anonymous: no share; another card: the share', async () => {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, price: 118 } } });
    const affiliate = await buildUser(t.db);
    const code = affiliate.affiliateCode;
    const token = await t.app.services.signer.sign({ userId: affiliate.id, role: 'user' });
    const share = { affiliateId: affiliate.id, affiliateShare: 1000, builderShare: 6000 };
    const none = { affiliateId: null, affiliateShare: 0, builderShare: 7000 };

    // Before the affiliate has paid with any card, an anonymous buyer's card earns them their share.
    expect(await buy({ gameId: game.id, email: 'first.visitor@example.com', affCode: code, card: SUCCEEDING_CARD })).toMatchObject(share);

    // The affiliate buys something while logged in, typing another address, with their card (no code of theirs is kept).
    const own = await buy({ gameId: game.id, email: 'not-my-account@example.org', affCode: code, card: SUCCEEDING_CARD, token });
    expect(own).toMatchObject({ ...none, buyerId: affiliate.id, payerId: sandboxPayerId(SANDBOX_CARDS.succeeds) });

    // Then anonymously, another address, their code, the same card: their own purchase, no share.
    expect(await buy({ gameId: game.id, email: 'someone.new@example.net', affCode: code, card: SUCCEEDING_CARD })).toMatchObject({ ...none, buyerId: null });
    // The same card typed another way is the same card.
    expect(await buy({ gameId: game.id, email: 'someone.else@example.net', affCode: code, card: { ...SUCCEEDING_CARD, cardNumber: '4242-4242-4242-4242' } })).toMatchObject(none);

    // Another card, another address: a visitor of theirs, the share.
    expect(await buy({ gameId: game.id, email: 'visitor@example.net', affCode: code, card: OTHER_CARD })).toMatchObject({
      ...share,
      payerId: sandboxPayerId(SANDBOX_CARDS.alsoSucceeds),
    });
  });

  it('a card paid for a purchase made with the affiliate’s email (anonymous) is theirs too; another affiliate’s sales are not touched', async () => {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, price: 118 } } });
    const affiliate = await buildUser(t.db);
    const stranger = await buildUser(t.db);
    // Anonymous, with the affiliate's own address under another spelling: no share (the own-email rule).
    const [local, domain] = affiliate.email.split('@');
    expect(await buy({ gameId: game.id, email: `${local.toUpperCase()}+gift@${domain}`, affCode: affiliate.affiliateCode, card: OTHER_CARD })).toMatchObject({
      affiliateId: null,
      affiliateShare: 0,
    });
    // Later, that card under an unrelated address: still the affiliate.
    expect(await buy({ gameId: game.id, email: 'unrelated@example.net', affCode: affiliate.affiliateCode, card: OTHER_CARD })).toMatchObject({ affiliateId: null, affiliateShare: 0 });
    // The same card bringing another affiliate's code: that affiliate never paid with it, so they earn their share.
    expect(await buy({ gameId: game.id, email: 'unrelated@example.net', affCode: stranger.affiliateCode, card: OTHER_CARD })).toMatchObject({
      affiliateId: stranger.id,
      affiliateShare: 1000,
    });
  });
});
