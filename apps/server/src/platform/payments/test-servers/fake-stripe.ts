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
};

export type FakeStripe = LocalServer & {
  sessions: Map<string, FakeSession>;
  /** The buyer paid on Stripe's page. */
  pay(sessionId: string): FakeSession;
  /** A signed webhook for this session (body and Stripe-Signature header), as Stripe sends it. */
  webhook(type: string, session: FakeSession, options?: { secret?: string; timestamp?: number }): { body: string; signature: string };
};

const stripeError = (status: number, message: string): Answer => ({ status, body: { error: { type: 'invalid_request_error', message } } });

/**
 * A local stand-in for the part of Stripe's API the adapter uses: create and retrieve a Checkout
 * Session (form-encoded requests, as the SDK sends them), honouring Idempotency-Key.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();

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
      };
      sessions.set(id, session);
      if (key) byIdempotencyKey.set(key, id);
      return { status: 200, body: session };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]));
      return session ? { status: 200, body: session } : stripeError(404, `No such checkout.session: '${retrieve[1]}'`);
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${request.path})`);
  });

  return {
    ...server,
    sessions,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return session;
    },
    webhook(type, session, options = {}) {
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object: session },
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
}
