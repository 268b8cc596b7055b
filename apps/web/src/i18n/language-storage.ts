/**
 * Where the visitor's language choice is kept, and which languages read right to left. index.html's
 * start-up script (build/boot-script.ts) uses both to set `lang`/`dir` before the first paint.
 */
export const LANGUAGE_STORAGE_KEY = 'lang';

export const RTL_LANGUAGES: readonly string[] = ['he'];

/** The visitor's choice for the server too, which draws /games in it (a year, like the kept choice). */
const LANGUAGE_COOKIE = 'lang';

export function keepLanguageCookie(language: string, doc: Document = document): void {
  doc.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; max-age=${365 * 24 * 60 * 60}; path=/; SameSite=Lax`;
}

/** The language a request's Cookie header names, if it is one of `languages`. */
export function languageFromCookie<L extends string>(header: string | undefined, languages: readonly L[]): L | null {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    const language = languages.find((known) => known === value);
    if (name === LANGUAGE_COOKIE && language) return language;
  }
  return null;
}
