import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signing with the server's secret (JWT_SECRET): HMAC-SHA256.
 *
 * A use (reports grant, play grant, spot codes, a payer id…) signs under a key of its own made from
 * the secret and a purpose label, so nothing one use signs is ever taken by another, nor by the JWT
 * signer. Photo links and payment success tokens came first and sign under the secret itself with
 * their purpose leading the message; they stay so, because what they issued must stay valid. Labels
 * and messages are part of what was issued: changing one, like changing the secret, ends every
 * grant, code and link made under it.
 */

/** A key: the server secret as it is (its UTF-8 bytes), or a purpose key. */
export type SigningKey = string | Uint8Array;

/** The key of one purpose: HMAC-SHA256 of the label under the server secret (32 bytes). */
export function purposeKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

export type SignerOptions = {
  /** How the signature is written: unpadded base64url (the default, for URLs) or lower-case hex. */
  encoding?: 'base64url' | 'hex';
  /** Only this many leading bytes of the 32-byte MAC, for a shorter signature (1 to 32; all by default). */
  bytes?: number;
};

export type Signer = {
  /** The signature of `message`. */
  sign(message: string): string;
  /** Whether `signature` is exactly the one sign gives for `message` (refused when forged, cut or lengthened). */
  verify(message: string, signature: string): boolean;
};

const MAC_BYTES = 32;

export function signer(key: SigningKey, { encoding = 'base64url', bytes = MAC_BYTES }: SignerOptions = {}): Signer {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > MAC_BYTES) throw new RangeError(`A signature has 1 to ${MAC_BYTES} bytes, not ${bytes}`);
  const sign = (message: string) => createHmac('sha256', key).update(message).digest().subarray(0, bytes).toString(encoding);
  return {
    sign,
    // Compared as text, not as decoded bytes: a base64url signature's last character may carry spare
    // bits, so several spellings decode to the same bytes, and only the one issued is taken. The
    // length is checked first (timingSafeEqual throws on unequal lengths), and only it can leak: it
    // is the same for every signature of a signer.
    verify(message, signature) {
      const given = Buffer.from(signature);
      const expected = Buffer.from(sign(message));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
