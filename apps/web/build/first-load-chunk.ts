import type { Rolldown } from 'vite';

/**
 * One chunk for everything the entry imports statically (Rolldown's `$initial` tag), instead of
 * about twenty small ones split off because lazy screens share them; and small shared chunks are
 * inlined into their importers. On a weak signal each request costs a round trip (Lighthouse's model:
 * 150 ms, at most six connections over HTTP/1.1), so /games loads 7 files instead of 23. Lazy
 * screens keep their own chunks. `npm run check:bundle` holds both the bytes and the file count.
 */
export function firstLoadChunking(): Rolldown.CodeSplittingOptions {
  return {
    groups: [{ name: 'app', tags: ['$initial'] }],
    // Source bytes before minification: a few kilobytes of shared UI pieces, copied rather than fetched.
    experimentalInlineCommonChunks: { maxSize: 8_000 },
  };
}
