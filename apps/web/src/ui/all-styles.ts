let loading: Promise<unknown> | null = null;

/**
 * Every Mantine component's styles, fetched once, by the first lazy screen that needs them: the first
 * screen ships only what it uses (app/styles/first-load.ts), and parsing the whole sheet while the
 * page starts would cost a phone a long main-thread task. Code that shows other components waits for
 * it (`withAllStyles`) alongside its own chunk, so nothing ever shows unstyled.
 */
function loadAllStyles(): Promise<unknown> {
  loading ??= import('./all-mantine-styles.ts').catch((error: unknown) => {
    loading = null; // a weak signal: the next page that needs them asks again
    throw error;
  });
  return loading;
}

/** A lazy module that shows only once every component's styles are in. */
export function withAllStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllStyles()]).then(([module]) => module);
}
