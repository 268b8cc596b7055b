import { Writable } from 'node:stream';

/** A stream for a logger that keeps every line written to it in `lines`, to read back in a test. */
export function linesInto(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
}
