import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@streethunt/shared';
import { ownLanguage, showLanguageForNow } from '../../i18n/setup.ts';

/**
 * The game's own language switches the interface (and so the direction) while its page is open (spec
 * section 1), without becoming the visitor's choice: it is not kept, so leaving the game, or reloading
 * another page, gives the visitor's own language back.
 *
 * Switching the language from the menu while in a game is the visitor's explicit choice: the menu keeps
 * it as usual, the game does not switch it back while it stays open, and leaving keeps it (the visitor's
 * language is the one they chose last). Opening a game again shows that game's language again.
 */
/** Counts the game-language effects run, so a late switch only goes back for the latest one (React runs effects twice in development). */
let runs = 0;

export function useGameLanguage(language: Language | undefined): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!language) return;
    const run = ++runs;
    const before = i18n.language;
    let left = false;
    const restore = () => {
      const own = ownLanguage(before);
      if (i18n.language !== own) void showLanguageForNow(i18n, own);
    };
    if (i18n.language !== language) {
      // A language that loads slowly may arrive after the game was left: then go back again.
      void showLanguageForNow(i18n, language).then(() => {
        if (left && run === runs) restore();
      });
    }
    return () => {
      left = true;
      restore();
    };
  }, [language, i18n]);
}
