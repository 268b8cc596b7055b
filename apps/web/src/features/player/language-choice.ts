import { useCallback, useState } from 'react';
import { LANGUAGES, type Language } from '@streethunt/shared';

/**
 * The language this phone plays a game in, when not the game's own (DESIGN.md section 13). Kept per
 * game on the phone only: each phone of a team reads in its own language, and progress is by question
 * id, so nothing else of the play depends on it. Kept apart from the play (player-store.ts), so
 * opening another game, or a new code, keeps the choice.
 */
const choiceKey = (gameId: string) => `player.language.${gameId}`;

function readLanguageChoice(gameId: string): Language | null {
  try {
    const value = localStorage.getItem(choiceKey(gameId));
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : null;
  } catch {
    // The server draws the page without storage: the game's own language.
    return null;
  }
}

function writeLanguageChoice(gameId: string, language: Language | null): void {
  try {
    if (language) localStorage.setItem(choiceKey(gameId), language);
    else localStorage.removeItem(choiceKey(gameId));
  } catch {
    /* storage disabled: the choice lasts while the page is open */
  }
}

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
