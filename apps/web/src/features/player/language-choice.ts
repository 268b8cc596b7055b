import { useCallback, useState } from 'react';
import type { Language } from '@streethunt/shared';
import { readLanguageChoice, writeLanguageChoice } from './kept-language.ts';

export type LanguageChoice = {
  /** The language asked of the server; null: the game's own. */
  chosen: Language | null;
  /** A language the phone asked for that the game does not have ready (404 `language_not_ready`); null once dismissed. */
  notReady: Language | null;
  /** Plays the game in `language`; null: in the game's own. */
  choose(language: Language | null): void;
  /** The server has not got `language` ready: back to the game's own, with a notice. */
  fallBack(language: Language): void;
  dismissNotice(): void;
};

/** The language this phone plays a game in (DESIGN.md section 13), kept per game (player-store.ts). */
export function useLanguageChoice(gameId: string): LanguageChoice {
  const [chosen, setChosen] = useState(() => readLanguageChoice(gameId));
  const [notReady, setNotReady] = useState<Language | null>(null);
  const choose = useCallback(
    (language: Language | null) => {
      writeLanguageChoice(gameId, language);
      setChosen(language);
      setNotReady(null);
    },
    [gameId],
  );
  const fallBack = useCallback(
    (language: Language) => {
      writeLanguageChoice(gameId, null);
      setChosen(null);
      setNotReady(language);
    },
    [gameId],
  );
  const dismissNotice = useCallback(() => setNotReady(null), []);
  return { chosen, notReady, choose, fallBack, dismissNotice };
}
