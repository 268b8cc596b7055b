import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@streethunt/shared';

/**
 * The game's own language switches the interface (and so the direction) while its page is open
 * (spec section 1); leaving the game goes back to the language the visitor had.
 */
export function useGameLanguage(language: Language | undefined): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!language || i18n.language === language) return;
    const previous = i18n.language;
    void i18n.changeLanguage(language);
    return () => {
      if (i18n.language === language) void i18n.changeLanguage(previous);
    };
  }, [language, i18n]);
}
