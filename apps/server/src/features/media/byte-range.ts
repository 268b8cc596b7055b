import type { ByteRange } from '../../platform/storage/storage.ts';

/**
 * The one range of a file of `size` bytes that a Range header asks for (RFC 9110 section 14.2):
 * `bytes=first-last`, `bytes=first-` or `bytes=-suffixLength`. Null means send the whole file: no
 * header, another unit, several ranges (a server may ignore Range) or a header that does not parse.
 * 'unsatisfiable' (416) when the range starts past the end, or asks for an empty suffix.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
