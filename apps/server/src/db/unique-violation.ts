/**
 * The unique index an insert or update ran into ('' when the driver did not name it), or null for any
 * other error. Drizzle wraps driver errors; the code and the index (pg and PGlite both call it
 * `constraint`) sit on the error or its cause.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
