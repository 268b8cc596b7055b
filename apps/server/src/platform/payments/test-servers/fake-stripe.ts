import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { startLocalServer, type Answer, type LocalServer } from './local-server.ts';

export const FAKE_STRIPE_KEY = 'sk_test_local_fake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_local_fake_secret';

/** The Checkout Session fields our adapter sends and reads. */
type FakeSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  locale: string | null;
  /** Null until the buyer pays (Stripe makes the PaymentIntent when the session is confirmed). */
  payment_intent: string | null;
};

/** The Charge fields the adapter reads: how it was paid, and for a card its fingerprint. */
type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  paid: true;
  payment_intent: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string; fingerprint: string } } | { type: 'link'; link: Record<string, never> };
};

/** The Refund fields the adapter sends and reads. */
type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
};

type FakePaymentIntent = { id: string; object: 'payment_intent'; amount: number; currency: string; status: 'succeeded'; latest_charge: string };

/** The fingerprint of the card a session is paid with unless a test names another. */
export const FAKE_CARD_FINGERPRINT = 'Xt5EWLLDS7FJjR1c';

export type FakeStripe = LocalServer & {
  sessions: Map<string, FakeSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  refunds: Map<string, FakeRefund>;
  /** The next this many refund calls answer 500 (an API error), as Stripe's would when it is in trouble. */
  failRefunds: number;
  /** The status new refunds get (succeeded unless set: a card refund is; some methods stay pending). */
  refundStatus: FakeRefund['status'];
  /**
   * The buyer paid on Stripe's page: a PaymentIntent and its Charge, by a card with this fingerprint
   * (FAKE_CARD_FINGERPRINT unless given), or by Link, which names no card, when `card` is null.
   */
  pay(sessionId: string, options?: { card?: { fingerprint: string } | null }): FakeSession;
  /** While set, retrieving a PaymentIntent is refused as a restricted key's would be (403). */
  refusePaymentIntents: boolean;
  /** A signed webhook for this object (a session, a refund, a charge; body and Stripe-Signature header), as Stripe sends it. */
  webhook(type: string, object: object, options?: { secret?: string; timestamp?: number }): { body: string; signature: string };
};

const stripeError = (status: number, message: string): Answer => ({ status, body: { error: { type: 'invalid_request_error', message } } });

/** The fields a request asks expanded: `expand[]=a` or, as the SDK writes them, `expand[0]=a`. */
const expansions = (query: URLSearchParams) => [...query.entries()].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);

/**
 * A local stand-in for the part of Stripe's API the adapter uses: create and retrieve a Checkout
 * Session (form-encoded requests, as the SDK sends them), honouring Idempotency-Key, retrieve a
 * PaymentIntent, and refund one (POST /v1/refunds, honouring Idempotency-Key, never past the amount paid); related objects are ids unless the request expands them, as Stripe's are.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const byIdempotencyKey = new Map<string, string>();
  const refundsByKey = new Map<string, string>();
  const state = { refusePaymentIntents: false, failRefunds: 0, refundStatus: 'succeeded' as FakeRefund['status'] };

  /** A PaymentIntent with its latest_charge expanded when asked. */
  const intentAnswer = (intent: FakePaymentIntent, expand: string[]) =>
    expand.includes('latest_charge') ? { ...intent, latest_charge: charges.get(intent.latest_charge) ?? null } : intent;

  const server = await startLocalServer((request) => {
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) return stripeError(401, 'Invalid API Key provided');
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const earlier = key ? sessions.get(byIdempotencyKey.get(key) ?? '') : undefined;
      if (earlier) return { status: 200, body: earlier };
      const f = request.fields;
      const id = `cs_test_${randomBytes(24).toString('hex')}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: f.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(f['line_items[0][price_data][unit_amount]']) * Number(f['line_items[0][quantity]']),
        currency: f['line_items[0][price_data][currency]'],
        client_reference_id: f.client_reference_id ?? null,
        metadata: f['metadata[purchaseId]'] ? { purchaseId: f['metadata[purchaseId]'] } : {},
        customer_email: f.customer_email ?? null,
        success_url: f.success_url,
        cancel_url: f.cancel_url,
        locale: f.locale ?? null,
        payment_intent: null,
      };
      sessions.set(id, session);
      if (key) byIdempotencyKey.set(key, id);
      return { status: 200, body: session };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      if (state.failRefunds > 0) {
        state.failRefunds -= 1;
        return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
      }
      // Stripe answers a repeated Idempotency-Key with the first answer: one refund.
      const key = String(request.headers['idempotency-key'] ?? '');
      const earlier = key ? refunds.get(refundsByKey.get(key) ?? '') : undefined;
      if (earlier) return { status: 200, body: earlier };
      const f = request.fields;
      const intent = paymentIntents.get(f.payment_intent ?? '') ?? [...paymentIntents.values()].find((i) => i.latest_charge === f.charge);
      if (!intent) return stripeError(404, `No such payment_intent: '${f.payment_intent ?? f.charge}'`);
      const amount = f.amount === undefined ? intent.amount : Number(f.amount);
      const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent.id && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
      if (!Number.isInteger(amount) || amount < 1 || refunded + amount > intent.amount) {
        return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`);
      }
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(f)) {
        const match = /^metadata\[([^\]]+)\]$/.exec(name);
        if (match) metadata[match[1]] = value;
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        reason: f.reason ?? null,
        metadata,
        status: state.refundStatus,
      };
      refunds.set(refund.id, refund);
      if (key) refundsByKey.set(key, refund.id);
      return { status: 200, body: refund };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]));
      if (!session) return stripeError(404, `No such checkout.session: '${retrieve[1]}'`);
      const expand = expansions(request.query);
      const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
      if (!intent || !expand.some((e) => e === 'payment_intent' || e.startsWith('payment_intent.'))) return { status: 200, body: session };
      const nested = expand.filter((e) => e.startsWith('payment_intent.')).map((e) => e.slice('payment_intent.'.length));
      return { status: 200, body: { ...session, payment_intent: intentAnswer(intent, nested) } };
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && intent) {
      if (state.refusePaymentIntents) return stripeError(403, 'The provided key does not have the required permissions for this endpoint');
      const found = paymentIntents.get(decodeURIComponent(intent[1]));
      return found ? { status: 200, body: intentAnswer(found, expansions(request.query)) } : stripeError(404, `No such payment_intent: '${intent[1]}'`);
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${request.path})`);
  });

  const fake: FakeStripe = {
    ...server,
    sessions,
    paymentIntents,
    charges,
    refunds,
    get failRefunds() {
      return state.failRefunds;
    },
    set failRefunds(value: number) {
      state.failRefunds = value;
    },
    get refundStatus() {
      return state.refundStatus;
    },
    set refundStatus(value: FakeRefund['status']) {
      state.refundStatus = value;
    },
    get refusePaymentIntents() {
      return state.refusePaymentIntents;
    },
    set refusePaymentIntents(value: boolean) {
      state.refusePaymentIntents = value;
    },
    pay(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const card = options.card === undefined ? { fingerprint: FAKE_CARD_FINGERPRINT } : options.card;
      const intentId = `pi_${randomBytes(12).toString('hex')}`;
      const charge: FakeCharge = {
        id: `ch_${randomBytes(12).toString('hex')}`,
        object: 'charge',
        amount: session.amount_total,
        currency: session.currency,
        paid: true,
        payment_intent: intentId,
        payment_method_details: card ? { type: 'card', card: { brand: 'visa', last4: '4242', fingerprint: card.fingerprint } } : { type: 'link', link: {} },
      };
      charges.set(charge.id, charge);
      paymentIntents.set(intentId, { id: intentId, object: 'payment_intent', amount: session.amount_total, currency: session.currency, status: 'succeeded', latest_charge: charge.id });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intentId });
      return session;
    },
    webhook(type, object, options = {}) {
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
        ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
      });
      return { body, signature };
    },
  };
  return fake;
}
