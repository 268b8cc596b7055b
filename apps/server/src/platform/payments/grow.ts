import { z } from 'zod';
import { readFormFields } from './form-fields.ts';
import type { NotificationRoute, PaymentProvider, PaymentReport } from './provider.ts';
import { NotificationRefused, PaymentProviderError, RefundRefused } from './provider.ts';
import { purposeKey, signer } from '../signing.ts';

/*
 * Grow (formerly Meshulam), its 'light server' API (https://grow-il.readme.io/). What we build on,
 * from its reference pages:
 * - Every call is an HTTP POST of form fields (multipart/form-data, never JSON) to {base}/{method},
 *   answered by JSON `{ status: 1|0, err: '' | { id, message }, data }` (status may come as "1").
 * - createPaymentProcess (pageCode, userId, sum in shekels, successUrl, cancelUrl, notifyUrl,
 *   description, pageField[fullName|phone|email], cField1..) answers data { processId, processToken, url }.
 *   processId and processToken must never reach the buyer.
 * - After a payment Grow POSTs the transaction to notifyUrl as form fields (the same shape as its
 *   JSON sample: status, err and data{...}); it retries until it gets an answer. The notification
 *   is not signed, so we only take from it which purchase it is about and ask Grow ourselves.
 * - getPaymentProcessInfo (pageCode, processId, processToken) answers the process's transactions.
 * - approveTransaction (pageCode and the transaction's fields as received) acknowledges a recorded
 *   payment; the charge stands whether or not it is sent.
 * - refundTransaction (userId, pageCode: the page the payment was made on, transactionId,
 *   transactionToken, refundSum, stopDirectDebit) refunds up to the transaction's amount, at most twice
 *   through the API. It takes no idempotency key: a retry after an answer we did not get is refused by
 *   Grow (more than the transaction's amount) rather than paid twice, and is left to the admin.
 * Assumed where the pages show no full example: the info answer lists `data.transactions[]` (or is
 * one transaction itself), a paid transaction has statusCode 2 ('שולם'), `sum` is in shekels
 * ('269' or '45.00'), and the notification's fields may come flat (transactionId) or bracketed
 * (data[transactionId], data[customFields][cField1]).
 * - The payer: a transaction names the card only by cardSuffix (its last 4 digits), cardExp (MMYY),
 *   cardBrand(Code) and cardType(Code) (Local or foreign; the server-to-server callback's sample).
 *   Grow gives no stable payer or card id for an ordinary payment (a card token only when a page
 *   saves the card, saveCardToken=1, which we do not ask for), so our payer id is made of those four
 *   (growPayerId).
 */

export type GrowSettings = {
  userId: string;
  pageCode: string;
  /** Base of the light server API, without a trailing slash (GROW_API_URL). */
  apiUrl: string;
  /** Our public address, for notifyUrl. */
  publicUrl: string;
  /** A server secret that keys the payer id's hash (growPayerId); payer ids match only under the same one. */
  payerSecret: string;
};

/** Where Grow posts its notification, under /api (features/payments registers the route). */
const NOTIFY_PATH = '/payments/notify/grow';

/** A paid transaction's statusCode in Grow's answers. */
const GROW_PAID = '2';

/** What a notification names: the purchase (our cField1) and Grow's process. Nothing in it is trusted. */
type GrowNotification = { purchaseId: string; processId: string };

export interface GrowProvider extends PaymentProvider {
  readonly name: 'grow';
  lookUpPayment(purchase: { id: string; providerRef: string }): Promise<PaymentReport>;
  acknowledge(report: Extract<PaymentReport, { paid: true }>): Promise<void>;
  /** Which purchase and process a notification is about; null when it names none. */
  readNotification(fields: Record<string, string>): GrowNotification | null;
  /** The process id a purchase's providerRef holds. */
  processIdOf(providerRef: string): string;
  readonly notification: NotificationRoute;
}

/** Agorot as Grow's `sum`: shekels with 2 decimals ('45.00'). */
export function growSum(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not an amount in agorot: ${amount}`);
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/** Grow's `sum` ('269', '45.5', '45.00') in agorot; null when it is not a plain amount. */
export function agorotOfGrowSum(sum: unknown): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(sum ?? '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The purchase's providerRef: Grow's process id and token, which getPaymentProcessInfo needs. */
const refOf = (processId: string, processToken: string) => `${processId}:${processToken}`;
function parseRef(providerRef: string): { processId: string; processToken: string } {
  const [processId, processToken, ...rest] = providerRef.split(':');
  if (!processId || !processToken || rest.length > 0) throw new PaymentProviderError('not a Grow payment reference');
  return { processId, processToken };
}

/**
 * A notification's fields by their last name: `data[customFields][cField1]` and `cField1` both read
 * as cField1. (Grow's sample nests the transaction under data; a form flattens it with brackets.)
 */
export function flattenGrowFields(fields: Record<string, string>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) flat[lastBracketName(key) ?? key] = value;
  return flat;
}

/** `c` of `a[b][c]`, or null: the last bracketed name, found without a pattern that rescans from every '['. */
function lastBracketName(key: string): string | null {
  if (!key.endsWith(']')) return null;
  const open = key.lastIndexOf('[', key.length - 2);
  const name = open === -1 ? null : key.slice(open + 1, -1);
  return name === null || name.includes(']') ? null : name;
}

/** Grow wants the phone as digits; the buyer may have typed dashes and spaces. */
const phoneDigits = (phone: string) => phone.replace(/[^\d+]/g, '');

type GrowAnswer = { status?: unknown; err?: unknown; data?: unknown };
type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The payer id of a Grow transaction: its card's last 4 digits, expiry, brand and type, hashed with
 * a key from the server's secret, `grow:card:` and 64 hex digits; null when the digits or the expiry
 * are missing or malformed.
 *
 * Keyed because the four have only about 10^8 values together: a plain hash would give the digits
 * back to anyone who reads the database and tries them all. So the ids change with `secret`, and
 * purchases paid before it changes no longer match the same card.
 *
 * Still not unique: two cards sharing all four collide, and an honest sale then loses the affiliate
 * their share if the affiliate paid with such a card before (isOwnPurchase): about one chance in a
 * few million per sale and card of theirs (brand and type narrow the last 4 and expiry only some
 * fivefold). Accepted, as erring towards 'the same payer' is (decision record 005), because nothing
 * else in Grow's report is the card's: the name, phone and email are what the buyer typed, and
 * hashing them in would let an affiliate pass as a stranger with their own card by typing another.
 */
export function growPayerId(transaction: Record<string, unknown>, secret: string): string | null {
  const suffix = text(transaction.cardSuffix).trim();
  const expiry = text(transaction.cardExp).trim();
  if (!/^\d{4}$/.test(suffix) || !/^(0[1-9]|1[0-2])\d{2}$/.test(expiry)) return null;
  // Grow sends the codes beside localized names; the codes are what stays the same for one card.
  const brand = text(transaction.cardBrandCode).trim();
  const type = text(transaction.cardTypeCode).trim();
  return `grow:card:${signer(purposeKey(secret, 'grow payer id'), { encoding: 'hex' }).sign([suffix, expiry, brand, type].join('|'))}`;
}

/** The transaction fields approveTransaction takes back, as strings. */
function receiptOf(transaction: Fields, processId: string, processToken: string): Record<string, string> {
  const receipt: Record<string, string> = {};
  for (const [key, value] of Object.entries(transaction)) if (typeof value === 'string' || typeof value === 'number') receipt[key] = String(value);
  return { ...receipt, processId, processToken };
}

const growFieldsSchema = z.record(z.string().max(200), z.string().max(2000)).refine((fields) => Object.keys(fields).length <= 200, 'too many fields');
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * POST /api/payments/notify/grow. Grow's notification is not signed, so it only names the purchase:
 * the process we stored for that purchase must be the one it names, and Grow itself, asked with our
 * stored process token, must say it is paid with the purchase's sum (features/payments asks).
 * Grow posts form fields, urlencoded or multipart (its docs: 'the same way as CreatePaymentProcess',
 * which is multipart).
 */
function notifyRoute(provider: Pick<GrowProvider, 'readNotification' | 'processIdOf'>): NotificationRoute {
  return {
    method: 'POST',
    path: NOTIFY_PATH,
    sender: 'Grow',
    perMinute: 120,
    summary: 'Grow server notification: confirmed with Grow (getPaymentProcessInfo) before its purchase is fulfilled',
    description: 'Form fields (urlencoded or multipart) as Grow posts them; only cField1 (our purchase) and processId are read from it.',
    contentTypes: FORM_TYPES,
    parse: readFormFields,
    body: growFieldsSchema,
    read({ body }) {
      // The route has validated the body with this schema already; this only tells the types so.
      const fields = growFieldsSchema.safeParse(body);
      const notification = fields.success ? provider.readNotification(fields.data) : null;
      if (!notification) throw new NotificationRefused('The notification names no purchase and process');
      const { purchaseId, processId } = notification;
      return { kind: 'claimed', purchaseId, paymentRef: processId, matches: (providerRef) => provider.processIdOf(providerRef) === processId };
    },
  };
}

/**
 * The Grow adapter. The purchase's providerRef keeps Grow's process id and token; a payment counts
 * only when getPaymentProcessInfo, asked with those, lists a paid transaction.
 */
export function createGrowProvider(settings: GrowSettings, fetchImpl: typeof fetch = fetch): GrowProvider {
  async function call(method: string, fields: Record<string, string>): Promise<Fields> {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    const response = await fetchImpl(`${settings.apiUrl}/${method}`, {
      method: 'POST',
      body,
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new PaymentProviderError(`Grow ${method} answered HTTP ${response.status}`);
    let answer: GrowAnswer;
    try {
      answer = (await response.json()) as GrowAnswer;
    } catch {
      throw new PaymentProviderError(`Grow ${method} answered something that is not JSON`);
    }
    if (String(answer.status) !== '1') {
      const err = isFields(answer.err) ? `${text(answer.err.id)} ${text(answer.err.message)}`.trim() : text(answer.err);
      throw new PaymentProviderError(`Grow ${method} refused: ${err || 'no reason given'}`);
    }
    return isFields(answer.data) ? answer.data : {};
  }

  const credentials = () => ({ pageCode: settings.pageCode, userId: settings.userId });

  const readNotification = (fields: Record<string, string>): GrowNotification | null => {
    const flat = flattenGrowFields(fields);
    const purchaseId = flat.cField1?.trim();
    const processId = flat.processId?.trim();
    return purchaseId && processId ? { purchaseId, processId } : null;
  };
  const processIdOf = (providerRef: string) => parseRef(providerRef).processId;

  return {
    name: 'grow',

    async createCheckout(input) {
      if (input.currency !== 'ILS') throw new PaymentProviderError(`Grow charges in ILS only, not ${input.currency}`);
      const data = await call('createPaymentProcess', {
        ...credentials(),
        sum: growSum(input.amount),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        notifyUrl: `${settings.publicUrl}/api${NOTIFY_PATH}`,
        description: input.description || input.purchaseId,
        'pageField[fullName]': input.buyer.fullName,
        'pageField[phone]': phoneDigits(input.buyer.phone),
        'pageField[email]': input.buyer.email,
        cField1: input.purchaseId,
      });
      const processId = text(data.processId);
      const processToken = text(data.processToken);
      const url = text(data.url);
      if (!processId || !processToken || !/^https?:\/\//.test(url)) throw new PaymentProviderError('Grow createPaymentProcess answered without a process or a page URL');
      return { url, providerRef: refOf(processId, processToken) };
    },

    async lookUpPayment(purchase) {
      const { processId, processToken } = parseRef(purchase.providerRef);
      const data = await call('getPaymentProcessInfo', { ...credentials(), processId, processToken });
      const transactions = Array.isArray(data.transactions) ? data.transactions.filter(isFields) : [data];
      const paid = transactions.find((t) => text(t.statusCode) === GROW_PAID);
      if (!paid) return { paid: false, status: transactions.map((t) => text(t.statusCode) || '-').join(',') || 'no transaction' };
      const amount = agorotOfGrowSum(paid.sum);
      if (amount === null) throw new PaymentProviderError(`Grow reported a sum we cannot read: ${text(paid.sum)}`);
      const reportedProcess = text(data.processId);
      if (reportedProcess && reportedProcess !== processId) throw new PaymentProviderError('Grow answered about another process');
      return {
        paid: true,
        // Asked with the process we stored for this purchase: the answer is about it.
        purchaseId: purchase.id,
        providerRef: purchase.providerRef,
        amount,
        currency: 'ILS',
        receipt: receiptOf(paid, processId, processToken),
        payerId: growPayerId(paid, settings.payerSecret),
      };
    },

    async refund(input) {
      if (input.currency !== 'ILS') throw new RefundRefused(`Grow refunds in ILS only, not ${input.currency}`);
      // The purchase keeps the process; its paid transaction (id and token) is what Grow refunds.
      const { processId, processToken } = parseRef(input.providerRef);
      const info = await call('getPaymentProcessInfo', { ...credentials(), processId, processToken });
      const transactions = Array.isArray(info.transactions) ? info.transactions.filter(isFields) : [info];
      const paid = transactions.find((t) => text(t.statusCode) === GROW_PAID);
      const transactionId = text(paid?.transactionId);
      const transactionToken = text(paid?.transactionToken);
      if (!transactionId || !transactionToken) throw new RefundRefused('Grow lists no paid transaction for this process: nothing to refund');
      const data = await call('refundTransaction', {
        ...credentials(),
        transactionId,
        transactionToken,
        refundSum: growSum(input.amount),
        stopDirectDebit: '0',
      });
      // Assumed: the answer names the refund's own transaction; our refund id stands in when it does not.
      const refundRef = text(data.refundTransactionId) || text(data.transactionId) || `${transactionId}:${input.refundId}`;
      return { status: 'done', providerRef: refundRef, paymentRef: transactionId };
    },

    async acknowledge(report) {
      if (!report.receipt) return;
      await call('approveTransaction', { ...report.receipt, ...credentials() });
    },

    readNotification,
    processIdOf,
    notification: notifyRoute({ readNotification, processIdOf }),
  };
}
