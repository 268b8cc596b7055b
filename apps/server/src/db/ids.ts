import { randomBytes } from 'node:crypto';
import { AFFILIATE_CODE_ALPHABET, AFFILIATE_CODE_LENGTH } from '@streethunt/shared';

/** Ids look like the spec's `_id`s: 24 lower-case hex characters, random. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** Affiliate codes: characters people can read aloud (no 0/O, 1/I), as in ?aff=CODE links (32 letters: b & 31 is unbiased). */
export function newAffiliateCode(): string {
  return Array.from(randomBytes(AFFILIATE_CODE_LENGTH), (b) => AFFILIATE_CODE_ALPHABET[b & 31]).join('');
}
