import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 of a UTF-8 string as lower-case hex. Synchronous so the player can judge answers offline on
 * any page: Web Crypto's subtle API exists only in secure contexts and is asynchronous.
 */
export function sha256Hex(message: string): string {
  return bytesToHex(sha256(utf8ToBytes(message)));
}
