import { randomBytes } from 'node:crypto';

/** Ids look like the spec's `_id`s: 24 lower-case hex characters, random. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
