import type { TestServer } from './server.ts';

// Buying a code the way a browser would, through the API only: usable outside vitest (the benchmarks).

/** The sandbox provider's test cards (README; apps/server/src/platform/payments/sandbox.ts). */
export const SANDBOX_CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** An expiry (MM/YY) that is always in the future. */
export function futureExpiry(now = new Date()): string {
  return `12/${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
}

export type Buyer = { fullName: string; email: string; phone: string };

let buyers = 0;
/** A buyer with an email no other test uses. */
export function newBuyer(fullName = 'Noa Tester'): Buyer {
  buyers += 1;
  return { fullName, email: `buyer-${Date.now()}-${buyers}@example.com`, phone: '050-1234567' };
}

export async function readJson(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/**
 * Buys a code the way a browser would, through the API: get-url, the sandbox card form with the card
 * that succeeds, then checkToken. Returns the code and the purchase's reference (the Token).
 */
export async function buyCodeViaApi(server: TestServer, gameId: string, buyer: Buyer = newBuyer()): Promise<{ code: string; token: string; buyer: Buyer }> {
  const getUrl = await fetch(`${server.url}/api/payment/get-url/${gameId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buyer),
  });
  const payUrl = new URL(((await readJson(getUrl, 'get-url')) as { data: { URL: string } }).data.URL, server.url);
  const paid = await fetch(payUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: SANDBOX_CARDS.succeeds, expiry: futureExpiry(), cvc: '123' }).toString(),
    redirect: 'manual',
  });
  const location = paid.headers.get('location');
  if (paid.status !== 303 || !location) throw new Error(`the sandbox page did not redirect after paying: HTTP ${paid.status} ${await paid.text()}`);
  const token = new URL(location, server.url).searchParams.get('Token');
  if (!token) throw new Error(`no Token in the redirect to ${location}`);
  const checked = await fetch(`${server.url}/api/payment/checkToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const { data } = (await readJson(checked, 'checkToken')) as { data: { gameId: string; secretCode: string } };
  if (data.gameId !== gameId) throw new Error(`checkToken answered for game ${data.gameId}, not ${gameId}`);
  return { code: data.secretCode, token, buyer };
}

