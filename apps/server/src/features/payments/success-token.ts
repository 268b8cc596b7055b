import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The `Token` of `/payment-success?Token=...` for Stripe and Grow: the purchase id and an HMAC of
 * it under the server's secret. We put it in the success URL before the provider's checkout
 * exists, it unlocks nothing but this purchase's code, and it cannot be made without the secret.
 * (The sandbox's token is its page reference instead, kept on the purchase.)
 */

const PURPOSE = 'streethunt:payment-success:v1';

const macOf = (secret: string, purchaseId: string) => createHmac('sha256', secret).update(`${PURPOSE}:${purchaseId}`).digest('base64url');

export function successToken(secret: string, purchaseId: string): string {
  return `${purchaseId}.${macOf(secret, purchaseId)}`;
}

/** The purchase a token was made for; null when it is not one of ours. */
export function purchaseIdOfToken(secret: string, token: string): string | null {
  const match = /^([A-Za-z0-9]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, purchaseId, mac] = match;
  return timingSafeEqual(Buffer.from(mac), Buffer.from(macOf(secret, purchaseId))) ? purchaseId : null;
}
