import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * How a player proves being at a question's spot before it opens:
 * - `gps` (also when absent): the spec's area step; its continue is always there (DESIGN.md section 4);
 * - `qr`: the code of the QR sign the creator put at the spot, scanned or typed (indoors, no GPS);
 * - `gps-or-qr`: inside the area by GPS, or the code where GPS is poor.
 */
export const PRESENCE_PROOFS = ['gps', 'qr', 'gps-or-qr'] as const;
export type PresenceProof = (typeof PRESENCE_PROOFS)[number];

/** Whether the question takes a spot code at all (the phone shows the scan and the typed code). */
export const takesPresenceCode = (presence: PresenceProof | undefined): boolean => presence === 'qr' || presence === 'gps-or-qr';

/** Whether the question opens only with its spot code: the server refuses to begin it without one. */
export const needsPresenceCode = (presence: PresenceProof | undefined): boolean => presence === 'qr';

/** 32 letters and digits a sign can be read and typed by: no 0/O, no 1/I. */
export const PRESENCE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 8 characters of 5 bits: 40 bits, as a game code has (DESIGN.md section 4). */
export const PRESENCE_CODE_LENGTH = 8;

/**
 * A question's spot code: the first 40 bits of an HMAC of the game and the question's content id, keyed
 * by a server secret. Nothing is stored, ids survive edits and next versions, and the code cannot be
 * worked out from what a player's page holds.
 */
export function derivePresenceCode(secret: string | Uint8Array, gameId: string, questionId: string): string {
  const key = typeof secret === 'string' ? utf8ToBytes(secret) : secret;
  const mac = hmac(sha256, key, utf8ToBytes(`streethunt presence code v1\n${gameId}\n${questionId}`));
  let code = '';
  let value = 0;
  let bits = 0;
  for (const byte of mac) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && code.length < PRESENCE_CODE_LENGTH) {
      bits -= 5;
      code += PRESENCE_CODE_ALPHABET[(value >> bits) & 31];
    }
    if (code.length === PRESENCE_CODE_LENGTH) break;
  }
  return code;
}

// What a scan may read: the sign's link (…/game/{id}#presence=CODE), or a bare code.
const CODE_IN_LINK = /presence[=:]([A-Za-z0-9 -]{1,40})/i;

/**
 * The code as typed or scanned, in its one form: from the sign's link if it is one, upper case, spaces
 * and dashes dropped (a sign may print it as ABCD-2345).
 */
export function normalizePresenceCode(text: string): string {
  const fromLink = CODE_IN_LINK.exec(text)?.[1] ?? text;
  return fromLink.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The code as printed under the QR: two groups of four, easier to read out and type. */
export const printedPresenceCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What the QR sign encodes: the game's link with the code after '#', so a phone's own camera app opens the game (the code never reaches a server log). */
export const presenceQrText = (gameUrl: string, code: string): string => `${gameUrl}#presence=${code}`;

/** The server's check of a typed or scanned code against the question's code. */
export const isPresenceCode = (code: string, typed: string): boolean => normalizePresenceCode(typed) === code;
