import { formatMoney } from '@streethunt/shared';
import { languageOf } from '../i18n/language-of.ts';

/** An amount in agorot in the interface's language, e.g. '₪70' / '70 ₪'. Chart ticks may be fractions: rounded to whole agorot first. */
export function money(agorot: number, language: string): string {
  return formatMoney(Math.round(agorot), languageOf(language));
}
