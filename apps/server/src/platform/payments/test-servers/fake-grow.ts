import { randomBytes } from 'node:crypto';
import { startLocalServer, type Answer, type LocalServer } from './local-server.ts';

export const FAKE_GROW_USER_ID = 'grow-user-1';
export const FAKE_GROW_PAGE_CODE = 'grow-page-1';

type FakeProcess = {
  processId: string;
  processToken: string;
  /** As createPaymentProcess received it ('45.00'). */
  sum: string;
  fields: Record<string, string>;
  /** The transaction once the buyer paid; its sum is what Grow reports. */
  transaction?: Record<string, string>;
  /** refundTransaction calls Grow took, in agorot. */
  refunds: { refundTransactionId: string; refundSum: number }[];
};

export type FakeGrow = LocalServer & {
  processes: Map<string, FakeProcess>;
  /**
   * The buyer paid on Grow's page (optionally Grow reporting another sum), with a card Grow names by its
   * last 4 digits, expiry (MMYY), brand and type (a local Mastercard unless given); `card: null` leaves
   * those fields out. `payer` replaces what the buyer typed (fullName, payerPhone, payerEmail).
   */
  pay(processId: string, options?: { sum?: string; card?: FakeGrowCard | null; payer?: Record<string, string> }): FakeProcess;
  /** The form fields Grow posts to notifyUrl for this process, bracketed as a form flattens its JSON. */
  notification(processId: string, overrides?: Record<string, string>): Record<string, string>;
  /** Every call answers HTTP 503 while set. */
  down: boolean;
  /** The next this many refundTransaction calls are refused, as Grow's would be when it cannot refund now. */
  failRefunds: number;
};

type FakeGrowCard = { suffix: string; expiry: string; brand?: { name: string; code: string }; type?: { name: string; code: string } };

/** '45.00' (or '45') in agorot; null when it is not an amount. */
function agorotOf(sum: string | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{2}))?$/.exec(sum ?? '');
  return match ? Number(match[1]) * 100 + Number(match[2] ?? '0') : null;
}

const ok = (data: unknown): Answer => ({ status: 200, body: { status: 1, err: '', data } });
const refused = (id: number, message: string): Answer => ({ status: 200, body: { status: 0, err: { id, message }, data: '' } });

/**
 * A local stand-in for Grow's light server API (createPaymentProcess, getPaymentProcessInfo,
 * approveTransaction, refundTransaction), answering in the documented `{ status, err, data }` shape.
 */
export async function startFakeGrow(): Promise<FakeGrow> {
  const processes = new Map<string, FakeProcess>();
  let nextId = 40_000;
  const state = { down: false, failRefunds: 0 };

  const server = await startLocalServer((request) => {
    if (state.down) return { status: 503, body: { status: 0, err: 'unavailable' } };
    const f = request.fields;
    if (f.pageCode !== FAKE_GROW_PAGE_CODE) return refused(54, 'חסרים שדות חובה: pageCode');
    switch (request.path) {
      case '/createPaymentProcess': {
        if (!/^\d+\.\d{2}$/.test(f.sum ?? '')) return refused(12, 'sum');
        const processId = String(nextId++);
        const process: FakeProcess = { processId, processToken: randomBytes(16).toString('hex'), sum: f.sum, fields: f, refunds: [] };
        processes.set(processId, process);
        return ok({ processId, processToken: process.processToken, url: `https://sandbox.grow.test/s/${processId}` });
      }
      case '/getPaymentProcessInfo': {
        const process = processes.get(f.processId ?? '');
        if (!process || process.processToken !== f.processToken) return refused(300, 'תהליך לא נמצא');
        return ok({ processId: process.processId, processToken: process.processToken, transactions: process.transaction ? [process.transaction] : [] });
      }
      case '/approveTransaction': {
        const process = processes.get(f.processId ?? '');
        if (!process?.transaction || f.transactionId !== process.transaction.transactionId) return refused(301, 'עסקה לא נמצאה');
        return ok({});
      }
      case '/refundTransaction': {
        if (f.userId !== FAKE_GROW_USER_ID) return refused(54, 'חסרים שדות חובה: userId');
        const process = [...processes.values()].find((p) => p.transaction?.transactionId === f.transactionId);
        if (!process?.transaction || process.transaction.transactionToken !== f.transactionToken) return refused(301, 'עסקה לא נמצאה');
        if (state.failRefunds > 0) {
          state.failRefunds -= 1;
          return refused(401, 'אין יתרה לביצוע זיכוי');
        }
        const refundSum = agorotOf(f.refundSum);
        const refunded = process.refunds.reduce((sum, r) => sum + r.refundSum, 0);
        // Up to the transaction's amount, and twice at most through the API (Grow's refund page).
        if (refundSum === null || refundSum < 1 || refunded + refundSum > (agorotOf(process.transaction.sum) ?? 0) || process.refunds.length >= 2) return refused(402, 'סכום הזיכוי אינו תקין');
        const refund = { refundTransactionId: String(245_000_000 + Number(process.processId) * 10 + process.refunds.length), refundSum };
        process.refunds.push(refund);
        return ok({ transactionId: f.transactionId, refundTransactionId: refund.refundTransactionId, refundSum: f.refundSum });
      }
      default:
        return { status: 404, body: { status: 0, err: 'no such method' } };
    }
  });

  const fake: FakeGrow = {
    ...server,
    processes,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get failRefunds() {
      return state.failRefunds;
    },
    set failRefunds(value: number) {
      state.failRefunds = value;
    },
    pay(processId, options = {}) {
      const process = processes.get(processId);
      if (!process) throw new Error(`no process ${processId}`);
      const card = options.card === undefined ? { suffix: '1177', expiry: '1230' } : options.card;
      const brand = card?.brand ?? { name: 'Mastercard', code: '2' };
      const type = card?.type ?? { name: 'Local', code: '1' };
      process.transaction = {
        asmachta: '0289199',
        // The card fields as Grow's callback sample names them.
        ...(card && { cardSuffix: card.suffix, cardType: type.name, cardTypeCode: type.code, cardBrand: brand.name, cardBrandCode: brand.code, cardExp: card.expiry }),
        statusCode: '2',
        status: 'שולם',
        transactionTypeId: '1',
        paymentType: '2',
        sum: options.sum ?? process.sum,
        paymentsNum: '0',
        allPaymentsNum: '1',
        paymentDate: '21/12/25',
        description: process.fields.description,
        fullName: process.fields['pageField[fullName]'],
        payerPhone: process.fields['pageField[phone]'],
        payerEmail: process.fields['pageField[email]'],
        ...options.payer,
        transactionId: String(145_000_000 + Number(processId)),
        transactionToken: randomBytes(16).toString('hex'),
      };
      return process;
    },
    notification(processId, overrides = {}) {
      const process = processes.get(processId);
      if (!process) throw new Error(`no process ${processId}`);
      const data = { ...(process.transaction ?? { statusCode: '2', sum: process.sum }), processId, processToken: process.processToken };
      return {
        status: '1',
        err: '',
        ...Object.fromEntries(Object.entries(data).map(([key, value]) => [`data[${key}]`, value])),
        'data[customFields][cField1]': process.fields.cField1,
        ...overrides,
      };
    },
  };
  return fake;
}
