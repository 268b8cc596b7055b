import { randomBytes } from 'node:crypto';

/** Ids look like the spec's `_id`s: 24 lower-case hex characters, random. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** Affiliate codes: 8 characters players can read aloud (no 0/O, 1/I), as in ?aff=CODE links. */
const AFFILIATE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export function newAffiliateCode(): string {
  return Array.from(randomBytes(8), (b) => AFFILIATE_ALPHABET[b & 31]).join('');
}
