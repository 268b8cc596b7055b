/**
 * Game codes (DESIGN.md section 4): random, easy to type on a phone (no 0/O, 1/I), at least 40 bits
 * of randomness after the optional prefix. 32 symbols carry 5 bits each; 9 of them carry 45 bits.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_RANDOM_LENGTH = 9;
export const CODE_PREFIX_MAX = 12;

export function generateGameCode(prefix = ''): string {
  const bytes = new Uint8Array(CODE_RANDOM_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  // 256 is a multiple of 32, so taking the low 5 bits keeps every symbol equally likely.
  const random = Array.from(bytes, (b) => CODE_ALPHABET[b & 31]).join('');
  return `${normalizeGameCode(prefix)}${random}`;
}

/** What the player typed, as stored: trimmed, inner spaces removed, upper-case. */
export function normalizeGameCode(input: string): string {
  return input.trim().replace(/\s+/g, '').toUpperCase();
}
