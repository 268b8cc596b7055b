import type { App } from '../../services.ts';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client.ts';
import { gameCodes, purchases } from '../../db/schema.ts';
import { nextIp } from '../../test/client-address.ts';

export { nextIp };

type CallOptions = { ip?: string; headers?: Record<string, string> };

export function postJson(app: App, url: string, body: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: body as object, headers: options.headers ?? {}, remoteAddress: options.ip ?? nextIp() });
}

/** A body sent as it is, with its content type (malformed JSON, forms). */
export function postRaw(app: App, url: string, payload: string, contentType: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...options.headers },
    remoteAddress: options.ip ?? nextIp(),
  });
}

export function getPage(app: App, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: options.headers ?? {}, remoteAddress: options.ip ?? nextIp() });
}

/** Sends the sandbox page's card form the way a browser does. */
export function postCardForm(
  app: App,
  pagePath: string,
  form: Record<string, string>,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return postRaw(app, pagePath, new URLSearchParams(form).toString(), 'application/x-www-form-urlencoded', options);
}

/** An expiry a few years ahead, as MM/YY. */
const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 4) % 100).padStart(2, '0')}`;
export const SUCCEEDING_CARD = { cardNumber: '4242 4242 4242 4242', expiry: FUTURE_EXPIRY, cvc: '123' };
/** The other test card that succeeds: another payer than SUCCEEDING_CARD. */
export const ALSO_SUCCEEDING_CARD = { ...SUCCEEDING_CARD, cardNumber: '5555 5555 5555 4444' };
export const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: FUTURE_EXPIRY, cvc: '123' };

export const buyer = (overrides: Record<string, unknown> = {}) => ({ fullName: 'Maya Cohen', email: 'maya@example.com', phone: '052-7654321', ...overrides });

/** The path of the payment page a get-url reply points to, and its reference. */
export function paymentPage(reply: LightMyRequestResponse): { path: string; ref: string } {
  const url = new URL((reply.json() as { data: { URL: string } }).data.URL);
  return { path: url.pathname, ref: url.pathname.split('/').at(-1) ?? '' };
}

/** What buying stores, in a stable order, to prove a refused call changed nothing. */
export async function paymentTables(db: Db) {
  return {
    purchases: await db.select().from(purchases).orderBy(purchases.id),
    gameCodes: await db.select().from(gameCodes).orderBy(gameCodes.id),
  };
}
