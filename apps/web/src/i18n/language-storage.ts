/**
 * Where the visitor's language choice is kept, and which languages read right to left. index.html's
 * start-up script (build/boot-script.ts) uses both to set `lang`/`dir` before the first paint.
 */
export const LANGUAGE_STORAGE_KEY = 'lang';

export const RTL_LANGUAGES: readonly string[] = ['he'];
