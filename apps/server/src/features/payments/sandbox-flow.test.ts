import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes, purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { sandboxPayerId, SANDBOX_CARDS } from '../../platform/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, gameContent } from '../../test/factories.ts';
import {
  ALSO_SUCCEEDING_CARD,
  buyer,
  DECLINED_CARD,
  getPage,
  nextIp,
  paymentPage,
  postCardForm,
  postJson,
  SUCCEEDING_CARD,
} from './test-support.ts';

describe.each(testDatabaseKinds())('buying a code through the sandbox payment page on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const purchaseByRef = async (ref: string) => (await t.db.select().from(purchases).where(eq(purchases.providerRef, ref)))[0];
  const mailsTo = async (email: string) => (await t.readOutbox()).filter((m) => m.to === email);
  const getUrl = (gameId: string, body: unknown, headers: Record<string, string> = {}) => postJson(t.app, `/api/payment/get-url/${gameId}`, body, { headers });
  const checkToken = (token: string) => postJson(t.app, '/api/payment/checkToken', { token });

  it('get-url → the page → the succeeding card → 303 to /payment-success → checkToken gives one code, emailed once', async () => {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, name: 'Neve Tzedek <secrets>', price: '49.9' } } });
    const email = 'maya.buyer@example.com';

    const urlReply = await getUrl(game.id, buyer({ email: ' Maya.Buyer@Example.com ' }), { cookie: 'theme=dark; aff=PARTNER%207; x=1' });
    expect(urlReply.statusCode).toBe(200);
    const { URL } = urlReply.json().data;
    expect(URL).toMatch(/^http:\/\/localhost:3000\/sandbox-pay\/[A-Za-z0-9_-]{43}$/);
    const { path, ref } = paymentPage(urlReply);

    expect(await purchaseByRef(ref)).toMatchObject({
      gameId: game.id,
      fullName: 'Maya Cohen',
      email,
      phone: '052-7654321',
      amount: 4990,
      currency: 'ILS',
      affCode: 'PARTNER 7',
      provider: 'sandbox',
      status: 'pending',
      language: 'he',
      paidAt: null,
    });

    const page = await getPage(t.app, path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    // The app's CSP applies here too: no script may run, and this page has none.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(?:src|href)="https?:\/\/(?!localhost:3000)/);
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain(`<form class="card" method="post" action="/sandbox-pay/${ref}"`);
    for (const name of ['cardNumber', 'expiry', 'cvc']) {
      expect(html).toContain(`<label for="${name}">`);
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).toContain('4242 4242 4242 4242');
    expect(html).toContain('5555 5555 5555 4444');
    expect(html).toContain('4000 0000 0000 0002');
    expect(html).toContain('₪49.90');
    expect(html).toContain('Maya Cohen');
    expect(html).toContain('Neve Tzedek &lt;secrets&gt;');
    expect(html).toContain('סביבת בדיקה');

    const paid = await postCardForm(t.app, path, SUCCEEDING_CARD);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment-success?Token=${ref}`);
    const paidPurchase = await purchaseByRef(ref);
    expect(paidPurchase.status).toBe('paid');
    expect(paidPurchase.paidAt).toBeInstanceOf(Date);

    const checked = await checkToken(ref);
    expect(checked.statusCode).toBe(200);
    const { gameId, secretCode } = checked.json().data;
    expect(gameId).toBe(game.id);
    const codes = await t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, paidPurchase.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ code: secretCode, gameId: game.id, source: 'purchase', purchaseId: paidPurchase.id });

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.language).toBe('he');
    expect(mail.subject).toContain('Neve Tzedek <secrets>');
    expect(mail.text).toContain(secretCode);
    expect(mail.html).toContain(secretCode);
    expect(mail.text).toContain(`${t.config.publicUrl}/game/${game.id}`);
    expect(mail.html).toContain(`href="${t.config.publicUrl}/game/${game.id}"`);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('Neve Tzedek &lt;secrets&gt;');
    expect(mail.text).toContain('איך מתחילים');

    // A repeat (a reload of the success page) gets the same code and sends nothing more.
    const again = await checkToken(ref);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { gameId: game.id, secretCode, purchaseId: paidPurchase.id, cancellable: true, cancelBefore: expect.any(String) } });
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, paidPurchase.id))).toHaveLength(1);

    // Back on the payment page, or sending the form again, the paid purchase goes straight to the success page.
    const revisit = await getPage(t.app, path);
    expect(revisit.statusCode).toBe(303);
    expect(revisit.headers.location).toBe(`/payment-success?Token=${ref}`);
    const resend = await postCardForm(t.app, path, DECLINED_CARD);
    expect(resend.statusCode).toBe(303);
    expect(resend.headers.location).toBe(`/payment-success?Token=${ref}`);
    expect((await purchaseByRef(ref)).status).toBe('paid');
  });

  it('the page names the card that paid: its fingerprint is stored with the paid purchase, never its number', async () => {
    const game = await buildGame(t.db);
    const payWith = async (card: typeof SUCCEEDING_CARD) => {
      const { path, ref } = paymentPage(await getUrl(game.id, buyer()));
      expect(await purchaseByRef(ref)).toMatchObject({ status: 'pending', payerId: null });
      const declined = await postCardForm(t.app, path, DECLINED_CARD);
      expect(declined.statusCode).toBe(402);
      // A declined card paid nothing and names no payer.
      expect(await purchaseByRef(ref)).toMatchObject({ status: 'declined', payerId: null });
      expect((await postCardForm(t.app, path, card)).statusCode).toBe(303);
      const paid = await purchaseByRef(ref);
      expect(paid.status).toBe('paid');
      return paid.payerId;
    };
    const first = await payWith(SUCCEEDING_CARD);
    expect(first).toBe(sandboxPayerId(SANDBOX_CARDS.succeeds));
    expect(first).toMatch(/^sandbox:[0-9a-f]{64}$/);
    expect(await payWith({ ...SUCCEEDING_CARD, cardNumber: '4242424242424242' })).toBe(first);
    const other = await payWith(ALSO_SUCCEEDING_CARD);
    expect(other).toBe(sandboxPayerId(SANDBOX_CARDS.alsoSucceeds));
    expect(other).not.toBe(first);
    // No column of any purchase holds a card number.
    const stored = JSON.stringify(await t.db.select().from(purchases));
    for (const digits of [SANDBOX_CARDS.succeeds, SANDBOX_CARDS.alsoSucceeds, SANDBOX_CARDS.declined]) expect(stored).not.toContain(digits);
  });

  it('a declined card says so, creates nothing, and another card may still pay', async () => {
    const game = await buildGame(t.db);
    const email = 'declined.buyer@example.com';
    const reply = await getUrl(game.id, buyer({ email }));
    const { path, ref } = paymentPage(reply);

    const declined = await postCardForm(t.app, path, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.headers['content-type']).toMatch(/^text\/html/);
    expect(declined.body).toContain('הכרטיס נדחה');
    expect(declined.body).toContain('role="alert"');
    expect(declined.body).not.toMatch(/<script/i);
    const purchase = await purchaseByRef(ref);
    expect(purchase).toMatchObject({ status: 'declined', paidAt: null, amount: 4500, affCode: null });

    const check = await checkToken(ref);
    expect(check.statusCode).toBe(409);
    expect(check.json()).toEqual({ code: 'conflict', message: 'payment not completed' });
    expect(await t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, purchase.id))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);

    // The page remembers the declined attempt, and a good card then pays.
    const page = await getPage(t.app, path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('הכרטיס הקודם נדחה');
    const retry = await postCardForm(t.app, path, SUCCEEDING_CARD);
    expect(retry.statusCode).toBe(303);
    expect((await purchaseByRef(ref)).status).toBe('paid');
    expect((await checkToken(ref)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('a badly typed card shows the page again with a message per field (400) and changes nothing', async () => {
    const game = await buildGame(t.db);
    const { path, ref } = paymentPage(await getUrl(game.id, buyer(), { 'accept-language': 'en-US,en;q=0.9' }));

    const bad = await postCardForm(t.app, path, { cardNumber: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<html lang="en" dir="ltr">');
    expect(bad.body).toContain('Please correct the marked fields.');
    expect(bad.body).toContain('The card number is not valid.');
    expect(bad.body).toContain('Enter the expiry as MM/YY');
    expect(bad.body).toContain('The CVC is 3 digits.');
    expect(bad.body.match(/<input[^>]*aria-invalid="true"/g)).toHaveLength(3);
    // What was typed stays, except the CVC.
    expect(bad.body).toContain('value="4242 4242 4242 4241"');
    expect(bad.body).toContain('id="cvc" name="cvc" dir="ltr" required inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123" value=""');

    const expired = await postCardForm(t.app, path, { ...SUCCEEDING_CARD, expiry: '01/20' });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('The card has expired.');

    // A well-formed real card number is never taken: this is the sandbox.
    const real = await postCardForm(t.app, path, { ...SUCCEEDING_CARD, cardNumber: '4111 1111 1111 1111' });
    expect(real.statusCode).toBe(400);
    expect(real.body).toContain('use one of the test card numbers');

    const empty = await postCardForm(t.app, path, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body.match(/<input[^>]*aria-invalid="true"/g)).toHaveLength(3);

    // A form the server cannot read (a field sent twice) gets an error page linking back.
    const twice = await postCardForm(t.app, path, {});
    const doubled = await t.app.inject({
      method: 'POST',
      url: path,
      payload: 'cardNumber=1&cardNumber=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    });
    expect(twice.statusCode).toBe(400);
    expect(doubled.statusCode).toBe(400);
    expect(doubled.headers['content-type']).toMatch(/^text\/html/);
    expect(doubled.body).toContain(`href="/sandbox-pay/${ref}"`);

    expect(await purchaseByRef(ref)).toMatchObject({ status: 'pending', paidAt: null, language: 'en' });
  });

  it('speaks English on the page and in the email when the buyer’s language and the game’s are English', async () => {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, name: 'Old Jaffa', price: 60, language: 'en' } } });
    const email = 'sam.buyer@example.com';
    const { path, ref } = paymentPage(await getUrl(game.id, buyer({ email, fullName: 'Sam Smith' }), { 'accept-language': 'en' }));
    const page = await getPage(t.app, path);
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('Sandbox: no real charge is made');
    expect(page.body).toContain('₪60');
    expect(page.body).toContain('Card number');
    expect((await postCardForm(t.app, path, SUCCEEDING_CARD)).statusCode).toBe(303);
    const { secretCode } = (await checkToken(ref)).json().data;
    const [mail] = await mailsTo(email);
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Your code for Old Jaffa');
    expect(mail.text).toContain('Hello Sam Smith,');
    expect(mail.text).toContain(secretCode);
    expect(mail.html).toContain('dir="ltr"');
  });

  it.each([
    { game: 'he', browser: 'en-US,en;q=0.9', subject: 'הקוד שלך למשחק שוק הכרמל', signature: 'צוות סטריטהאנט', dir: 'rtl' },
    { game: 'en', browser: 'he-IL,he;q=0.9', subject: 'Your code for Carmel Market', signature: 'The StreetHunt team', dir: 'ltr' },
  ] as const)('the code email follows the game’s language ($game), not the browser’s ($browser), and names the product in it', async (c) => {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, name: c.game === 'he' ? 'שוק הכרמל' : 'Carmel Market', language: c.game } } });
    const email = `lang-${c.game}@example.com`;
    const { path, ref } = paymentPage(await getUrl(game.id, buyer({ email }), { 'accept-language': c.browser }));
    expect((await postCardForm(t.app, path, SUCCEEDING_CARD)).statusCode).toBe(303);
    const { secretCode } = (await checkToken(ref)).json().data;
    const [mail] = await mailsTo(email);
    expect(mail.language).toBe(c.game);
    expect(mail.subject).toBe(c.subject);
    expect(mail.html).toContain(`<html lang="${c.game}" dir="${c.dir}">`);
    expect(mail.text).toContain(secretCode);
    expect(mail.text).toContain(c.signature);
    expect(mail.html).toContain(c.signature);
    expect(mail.text).not.toContain(c.game === 'he' ? 'StreetHunt' : 'סטריטהאנט');
  });

  it('the code email of a game offered in the buyer’s language too is in theirs, with the game’s name and its page in it', async () => {
    const content = gameContent({ metadata: { ...gameContent().metadata, name: 'שוק הכרמל', language: 'he' } });
    const english = { metadata: { name: 'Carmel Market', locationCity: 'Tel Aviv', locationText: 'The market' }, introPage: { content: '<p>Welcome</p>' }, gameoverPage: { content: '<p>Done</p>' },
      questions: Object.fromEntries(content.questions.map((q) => [q.id, { content: '<p>?</p>', answers: 'x', ...(q.answer.content || q.answer.contentAfterAnswer ? { answer: { content: '<p>a</p>', contentAfterAnswer: '<p>b</p>' } } : {}),
        hints: Object.fromEntries(q.hints.map((h) => [h.id, { content: '<p>h</p>', ...(h.title !== undefined && { title: 't' }) }])) }])) };
    const game = await buildGame(t.db, { content: { ...content, translations: { en: english } } });
    expect(game.content.metadata.languages).toEqual(['he', 'en']);
    const email = 'bilingual.buyer@example.com';
    const { path } = paymentPage(await getUrl(game.id, buyer({ email }), { 'accept-language': 'en' }));
    expect((await postCardForm(t.app, path, SUCCEEDING_CARD)).statusCode).toBe(303);
    const [mail] = await mailsTo(email);
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Your code for Carmel Market');
    expect(mail.text).toContain(`/game/${game.id}?lang=en`);
  });

  it('parallel checkTokens of one payment make one code and send one email', async () => {
    const game = await buildGame(t.db);
    const email = 'race.buyer@example.com';
    const { path, ref } = paymentPage(await getUrl(game.id, buyer({ email })));
    expect((await postCardForm(t.app, path, SUCCEEDING_CARD)).statusCode).toBe(303);
    const replies = await Promise.all([checkToken(ref), checkToken(ref), checkToken(ref)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const codes = new Set(replies.map((r) => r.json().data.secretCode));
    expect(codes.size).toBe(1);
    const purchase = await purchaseByRef(ref);
    expect(await t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, purchase.id))).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('checkToken: an unknown token is 404, an unpaid one 409, a malformed body 400', async () => {
    const unknown = await checkToken('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });

    const game = await buildGame(t.db);
    const { ref } = paymentPage(await getUrl(game.id, buyer()));
    const pending = await checkToken(ref);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ code: 'conflict', message: 'payment not completed' });

    for (const body of [{}, { token: 5 }, { token: 'short' }, { token: 'x'.repeat(300) }]) {
      const res = await postJson(t.app, '/api/payment/checkToken', body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status: 400, code: 'validation' });
    }
  });

  it('allows 20 card forms a minute from one IP, then a 429 page', async () => {
    const game = await buildGame(t.db);
    const { path, ref } = paymentPage(await getUrl(game.id, buyer()));
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await postCardForm(t.app, path, {}, { ip })).statusCode).toBe(400);
    const limited = await postCardForm(t.app, path, SUCCEEDING_CARD, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toContain('יותר מדי ניסיונות');
    expect(limited.body).toContain(`href="/sandbox-pay/${ref}"`);
    expect((await purchaseByRef(ref)).status).toBe('pending');
  });

  it('keeps the payment page out of the API documentation, which still builds', async () => {
    const docs = await getPage(t.app, '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/payment/get-url/{gameId}', '/api/payment/checkToken']));
    expect(paths.filter((p) => p.startsWith('/sandbox-pay'))).toEqual([]);
  });

  it('an unknown or malformed payment reference gets a 404 page, not the app', async () => {
    for (const path of [`/sandbox-pay/${'B'.repeat(43)}`, '/sandbox-pay/short', '/sandbox-pay/bad%20ref%21%21%21%21%21%21%21%21%21%21']) {
      const page = await getPage(t.app, path, { headers: { 'accept-language': 'en' } });
      expect({ path, status: page.statusCode }).toEqual({ path, status: 404 });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Payment not found');
      expect(page.body).not.toMatch(/<script/i);
    }
    const hebrew = await getPage(t.app, `/sandbox-pay/${'C'.repeat(43)}`);
    expect(hebrew.body).toContain('<html lang="he" dir="rtl">');
    expect(hebrew.body).toContain('התשלום לא נמצא');
    const posted = await postCardForm(t.app, `/sandbox-pay/${'D'.repeat(43)}`, SUCCEEDING_CARD);
    expect(posted.statusCode).toBe(404);
  });
});
