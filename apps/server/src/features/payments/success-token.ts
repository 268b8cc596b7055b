import { purposeKey, signer } from '../../platform/signing.ts';

/*
 * The `Token` of `/payment-success?Token=...` for Stripe and Grow: the purchase id and an HMAC of
 * it under the server's secret. We put it in the success URL before the provider's checkout
 * exists, it unlocks nothing but this purchase's code, and it cannot be made without the secret.
 * (The sandbox's token is its page reference instead, kept on the purchase.)
 */

// Signed under the secret itself, its purpose leading the message, rather than under a purpose key
// of its own: success URLs already handed out keep working.
const PURPOSE = 'streethunt:payment-success:v1';

const messageOf = (purchaseId: string) => `${PURPOSE}:${purchaseId}`;

export function successToken(secret: string, purchaseId: string): string {
  return `${purchaseId}.${signer(secret).sign(messageOf(purchaseId))}`;
}

/** The purchase a token was made for; null when it is not one of ours. */
export function purchaseIdOfToken(secret: string, token: string): string | null {
  const match = /^([A-Za-z0-9]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, purchaseId, mac] = match;
  return signer(secret).verify(messageOf(purchaseId), mac) ? purchaseId : null;
}

/*
 * The receipt email's cancel link (`/purchases/{id}/cancel?token=...`) carries a token of its own
 * kind, keyed for that purpose only: it lets the buyer cancel the purchase, and nothing else.
 */
const cancelSigner = (secret: string) => signer(purposeKey(secret, 'purchase cancel link'));

export function cancelToken(secret: string, purchaseId: string): string {
  return `${purchaseId}.${cancelSigner(secret).sign(purchaseId)}`;
}

/** The purchase a cancel link's token was made for; null when it is not one of ours. */
export function purchaseIdOfCancelToken(secret: string, token: string): string | null {
  const match = /^([A-Za-z0-9]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, purchaseId, mac] = match;
  return cancelSigner(secret).verify(purchaseId, mac) ? purchaseId : null;
}
