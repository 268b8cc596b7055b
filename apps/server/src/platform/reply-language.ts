import type { Language } from '@streethunt/shared';

/** Hebrew when the caller's first choice in Accept-Language is Hebrew ('he', or the old 'iw'), else English. */
export function replyLanguage(acceptLanguage: string | undefined): Language {
  const first = (acceptLanguage ?? '').split(',')[0].trim().split(/[-;_]/)[0].toLowerCase();
  return first === 'he' || first === 'iw' ? 'he' : 'en';
}
