// negotiator ships no types, and @types/negotiator (0.6) predates the `preferred` order of 1.x.
// Only what accept-encoding.ts uses.
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Readonly<Record<string, string | readonly string[] | undefined>> });
    /** The available encodings the request accepts, most wanted first; equal weights in `preferred`'s order. */
    encodings<T extends string>(available: readonly T[], options?: { preferred?: readonly T[] }): T[];
  }
  export = Negotiator;
}
