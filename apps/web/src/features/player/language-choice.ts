import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LANGUAGES, type Language } from '@streethunt/shared';
import { readLanguageChoice, writeLanguageChoice } from './kept-language.ts';

export type LanguageChoice = {
  /** The language to ask the server for: this phone's choice, else the address's (`?lang=`); null: the server's default. */
  requested: Language | null;
  /** A language the phone asked for that the game does not have ready (404 `language_not_ready`); null once dismissed. */
  notReady: Language | null;
  /** Plays the game in `language` on this phone, from now on. */
  choose(language: Language): void;
  /** The server has not got `language` ready: back to the game's own, with a notice. */
  fallBack(language: Language): void;
  dismissNotice(): void;
};

/**
 * The language this phone plays a game in (DESIGN.md section 13): the one it chose (kept-language.ts),
 * else the one the address names (a shared link to the game in English), else the server's default.
 */
export function useLanguageChoice(gameId: string): LanguageChoice {
  const [params] = useSearchParams();
  const fromAddress = LANGUAGES.find((language) => language === params.get('lang')) ?? null;
  const [chosen, setChosen] = useState(() => readLanguageChoice(gameId));
  // A language the address names that is not ready is asked for once.
  const [addressFailed, setAddressFailed] = useState(false);
  const [notReady, setNotReady] = useState<Language | null>(null);
  const choose = useCallback(
    (language: Language) => {
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
      setAddressFailed(true);
      setNotReady(language);
    },
    [gameId],
  );
  return { requested: chosen ?? (addressFailed ? null : fromAddress), notReady, choose, fallBack, dismissNotice: () => setNotReady(null) };
}
