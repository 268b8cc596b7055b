import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agorotOfGrowSum, createGrowProvider, flattenGrowFields, growPayerId, growSum, type GrowProvider } from './grow.ts';
import { PaymentProviderError, RefundRefused } from './provider.ts';
import { FAKE_GROW_PAGE_CODE, FAKE_GROW_USER_ID, startFakeGrow, type FakeGrow } from './test-servers/fake-grow.ts';

describe('Grow amounts: shekels with two decimals', () => {
  it.each([
    [4500, '45.00'],
    [4990, '49.90'],
    [3001, '30.01'],
    [5, '0.05'],
    [1234567, '12345.67'],
  ])('%i agorot is sum %s, and back', (agorot, sum) => {
    expect(growSum(agorot)).toBe(sum);
    expect(agorotOfGrowSum(sum)).toBe(agorot);
  });

  it('reads the sums Grow reports', () => {
    expect(agorotOfGrowSum('269')).toBe(26900);
    expect(agorotOfGrowSum(269)).toBe(26900);
    expect(agorotOfGrowSum('45.5')).toBe(4550);
    for (const bad of ['', '45.555', '-45', '45,00', 'abc', null, undefined]) expect(agorotOfGrowSum(bad)).toBeNull();
    expect(() => growSum(45.5)).toThrow(RangeError);
  });

  it('reads notification fields flat or bracketed', () => {
    expect(flattenGrowFields({ 'data[processId]': '7', 'data[customFields][cField1]': 'p1', status: '1' })).toEqual({ processId: '7', cField1: 'p1', status: '1' });
  });
});

const SECRET = 'a-server-secret-of-at-least-32-characters';

describe('the Grow adapter, against a local server answering Grow’s light server API', () => {
  let fake: FakeGrow;
  let grow: GrowProvider;
  const settings = () => ({ userId: FAKE_GROW_USER_ID, pageCode: FAKE_GROW_PAGE_CODE, apiUrl: fake.url, publicUrl: 'https://streethunt.test', payerSecret: SECRET });
  beforeAll(async () => {
    fake = await startFakeGrow();
    grow = createGrowProvider(settings());
  });
  afterAll(() => fake.close());

  const input = (purchaseId: string, amount = 4500) => ({
    purchaseId,
    amount,
    currency: 'ILS',
    description: 'Carmel Market',
    buyer: { fullName: 'Maya Cohen', email: 'maya@example.com', phone: '052-765 4321' },
    language: 'he' as const,
    successUrl: `https://streethunt.test/payment-success?Token=${purchaseId}.mac`,
    cancelUrl: 'https://streethunt.test/game/g1',
  });

  it('creates a payment process (multipart form) and keeps its process id and token as the reference', async () => {
    const checkout = await grow.createCheckout(input('p1', 4990));
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/createPaymentProcess');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.fields).toEqual({
      pageCode: FAKE_GROW_PAGE_CODE,
      userId: FAKE_GROW_USER_ID,
      sum: '49.90',
      successUrl: 'https://streethunt.test/payment-success?Token=p1.mac',
      cancelUrl: 'https://streethunt.test/game/g1',
      notifyUrl: 'https://streethunt.test/api/payments/notify/grow',
      description: 'Carmel Market',
      'pageField[fullName]': 'Maya Cohen',
      'pageField[phone]': '0527654321',
      'pageField[email]': 'maya@example.com',
      cField1: 'p1',
    });
    const process = [...fake.processes.values()].at(-1);
    expect(checkout).toEqual({ url: `https://sandbox.grow.test/s/${process?.processId}`, providerRef: `${process?.processId}:${process?.processToken}` });
    expect(grow.processIdOf(checkout.providerRef)).toBe(process?.processId);
  });

  it('asks Grow whether a process is paid, with the stored process token', async () => {
    const { providerRef } = await grow.createCheckout(input('p2'));
    const processId = grow.processIdOf(providerRef);
    expect(await grow.lookUpPayment({ id: 'p2', providerRef })).toEqual({ paid: false, status: 'no transaction' });
    fake.pay(processId);
    const report = await grow.lookUpPayment({ id: 'p2', providerRef });
    expect(report).toMatchObject({ paid: true, purchaseId: 'p2', providerRef, amount: 4500, currency: 'ILS' });
    expect(fake.requests.at(-1)?.fields).toMatchObject({ pageCode: FAKE_GROW_PAGE_CODE, processId, processToken: providerRef.split(':')[1] });
    // A reference with another token is Grow's refusal.
    await expect(grow.lookUpPayment({ id: 'p2', providerRef: `${processId}:${'0'.repeat(32)}` })).rejects.toThrow(PaymentProviderError);

    if (!report.paid) throw new Error('not paid');
    await grow.acknowledge(report);
    const approve = fake.requests.at(-1);
    expect(approve?.path).toBe('/approveTransaction');
    expect(approve?.fields).toMatchObject({ pageCode: FAKE_GROW_PAGE_CODE, processId, transactionId: fake.processes.get(processId)?.transaction?.transactionId, sum: '45.00' });
  });

  it('refunds a paid process’s transaction (refundTransaction, form fields, sum in shekels), up to what was paid', async () => {
    const { providerRef } = await grow.createCheckout(input('p-refund-1', 4500));
    const processId = grow.processIdOf(providerRef);
    const transaction = fake.pay(processId).transaction;
    const refundInput = { refundId: 'r-refund-1', purchaseId: 'p-refund-1', providerRef, amount: 3500, currency: 'ILS' };
    const refunded = await grow.refund(refundInput);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/refundTransaction');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.fields).toEqual({
      pageCode: FAKE_GROW_PAGE_CODE,
      userId: FAKE_GROW_USER_ID,
      transactionId: transaction?.transactionId,
      transactionToken: transaction?.transactionToken,
      refundSum: '35.00',
      stopDirectDebit: '0',
    });
    expect(refunded).toEqual({ status: 'done', providerRef: fake.processes.get(processId)?.refunds[0].refundTransactionId, paymentRef: transaction?.transactionId });
    expect(fake.processes.get(processId)?.refunds).toEqual([{ refundTransactionId: expect.any(String), refundSum: 3500 }]);
    // More than is left of the transaction is Grow's refusal: a repeat of a refund that went through is not paid twice.
    await expect(grow.refund({ ...refundInput, refundId: 'r-refund-1b', amount: 1001 })).rejects.toThrow(PaymentProviderError);
    expect(fake.processes.get(processId)?.refunds).toHaveLength(1);
  });

  it('a refund Grow refuses throws, to be retried; an unpaid process has nothing to refund, for good', async () => {
    const { providerRef } = await grow.createCheckout(input('p-refund-2', 4500));
    const processId = grow.processIdOf(providerRef);
    const refundInput = { refundId: 'r-refund-2', purchaseId: 'p-refund-2', providerRef, amount: 4500, currency: 'ILS' };
    await expect(grow.refund(refundInput)).rejects.toThrow(RefundRefused);
    fake.pay(processId);
    fake.failRefunds = 1;
    await expect(grow.refund(refundInput)).rejects.toThrow(/Grow refundTransaction refused/);
    expect(fake.processes.get(processId)?.refunds).toEqual([]);
    expect(await grow.refund(refundInput)).toMatchObject({ status: 'done' });
    expect(fake.processes.get(processId)?.refunds).toEqual([{ refundTransactionId: expect.any(String), refundSum: 4500 }]);
  });

  it('names the payer by the card Grow names, hashed: the same card is the same payer, another is another, none without one', async () => {
    const paidWith = async (purchaseId: string, options: Parameters<FakeGrow['pay']>[1] = {}) => {
      const { providerRef } = await grow.createCheckout(input(purchaseId));
      fake.pay(grow.processIdOf(providerRef), options);
      const report = await grow.lookUpPayment({ id: purchaseId, providerRef });
      if (!report.paid) throw new Error('not paid');
      return report.payerId;
    };
    const first = await paidWith('p-card-1');
    expect(first).toMatch(/^grow:card:[0-9a-f]{64}$/);
    // The card's digits and expiry are not kept.
    expect(first).not.toMatch(/1177|1230/);
    // The same card on another payment, typed under another name, phone and email: the same payer.
    expect(await paidWith('p-card-2', { card: { suffix: '1177', expiry: '1230' }, payer: { fullName: 'Someone Else', payerPhone: '0500000000', payerEmail: 'else@example.net' } })).toBe(first);
    expect(await paidWith('p-card-3', { card: { suffix: '3253', expiry: '0529' } })).not.toBe(first);
    // Two people's cards sharing the last 4 digits and expiry, but not the brand or the type, are two payers.
    const visa = { name: 'Visa', code: '3' };
    const foreign = { name: 'Foreign', code: '2' };
    expect(await paidWith('p-card-4', { card: { suffix: '1177', expiry: '1230', brand: visa } })).not.toBe(first);
    expect(await paidWith('p-card-5', { card: { suffix: '1177', expiry: '1230', type: foreign } })).not.toBe(first);
    expect(await paidWith('p-card-6', { card: null })).toBeNull();
  });

  it('reads the payer only from well-formed card fields, keyed by the server’s secret', () => {
    const card = { cardSuffix: 3253, cardExp: '0524', cardBrandCode: 3, cardTypeCode: 1 };
    const id = growPayerId(card, SECRET);
    expect(id).toMatch(/^grow:card:[0-9a-f]{64}$/);
    // Purchases already stored keep their payer ids, so the id for fixed inputs is pinned.
    expect(growPayerId(card, 'pinned-test-secret-0123456789abcdef')).toBe('grow:card:25739d82ec3d99322a3cce613b32815c62ec2d3742a9c8c466b585e2354832b6');
    // Grow's numbers may come as text; the localized names are not part of it.
    expect(growPayerId({ cardSuffix: '3253', cardExp: '0524', cardBrandCode: '3', cardTypeCode: '1', cardBrand: 'ויזה', cardType: 'מקומי' }, SECRET)).toBe(id);
    // Not a plain hash of the fields: another secret gives another id.
    expect(growPayerId(card, `${SECRET}-rotated`)).not.toBe(id);
    for (const fields of [{}, { cardSuffix: '3253' }, { cardExp: '0524' }, { cardSuffix: '325', cardExp: '0524' }, { cardSuffix: '3253', cardExp: '1324' }, { cardSuffix: '', cardExp: '' }])
      expect(growPayerId(fields, SECRET)).toBeNull();
  });

  it('reports the sum Grow charged, which may differ from the purchase', async () => {
    const { providerRef } = await grow.createCheckout(input('p3'));
    fake.pay(grow.processIdOf(providerRef), { sum: '1.00' });
    expect(await grow.lookUpPayment({ id: 'p3', providerRef })).toMatchObject({ paid: true, amount: 100 });
  });

  it('a refusal or an unavailable Grow is a PaymentProviderError with the reason', async () => {
    const wrongPage = createGrowProvider({ ...settings(), pageCode: 'nope' });
    await expect(wrongPage.createCheckout(input('p4'))).rejects.toThrow(/createPaymentProcess refused: 54 חסרים שדות חובה/);
    fake.down = true;
    try {
      await expect(grow.createCheckout(input('p5'))).rejects.toThrow(/HTTP 503/);
    } finally {
      fake.down = false;
    }
    await expect(grow.createCheckout({ ...input('p6'), currency: 'USD' })).rejects.toThrow(/ILS only/);
  });

  it('reads which purchase and process a notification names, and nothing else', () => {
    expect(grow.readNotification({ 'data[processId]': '12', 'data[customFields][cField1]': 'p7', 'data[sum]': '1' })).toEqual({ processId: '12', purchaseId: 'p7' });
    expect(grow.readNotification({ processId: '12', cField1: 'p7' })).toEqual({ processId: '12', purchaseId: 'p7' });
    expect(grow.readNotification({ 'data[processId]': '12' })).toBeNull();
    expect(grow.readNotification({})).toBeNull();
  });
});
