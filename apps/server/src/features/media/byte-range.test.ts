import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  it('reads the three forms of one range, the end clamped to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=0-1', 1000)).toEqual({ start: 0, end: 1 });
    expect(parseByteRange('bytes=999-999', 1000)).toEqual({ start: 999, end: 999 });
  });

  it('is unsatisfiable past the end, for an empty suffix, or for any range of an empty file', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=1000-2000', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=99999999999999999999-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-10', 0)).toBe('unsatisfiable');
  });

  it('asks for the whole file when there is no header, or one it does not take', () => {
    for (const header of [undefined, '', 'bytes=-', 'bytes=5-2', 'items=0-10', 'bytes=0-1,5-6', 'bytes=a-b', 'bytes=1.5-2', 'bytes 0-10']) {
      expect(parseByteRange(header, 1000), String(header)).toBeNull();
    }
  });
});
