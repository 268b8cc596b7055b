import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@streethunt/shared';

/** The interface's language as the API and the shared money helpers name languages ('en-US' is 'en'; Hebrew for any other). */
export function languageOf(language: string | undefined): Language {
  const base = (language ?? '').split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE;
}
