import { LANGUAGES, type Language } from '@streethunt/shared';
import { STORE_KEYS } from './player-store.ts';

/*
 * The language this phone plays a game in, when not the game's own (DESIGN.md section 13). Kept per
 * game on the phone only: each phone of a team reads in its own language, and progress is by question
 * id, so nothing else of the play depends on it. Not among what opening another game forgets.
 * A preference read as the page draws (main.tsx decides from it whether to take over the server's
 * page), so it stays in localStorage rather than in the offline database, which loads later.
 */

export function readLanguageChoice(gameId: string): Language | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORE_KEYS.language(gameId)) ?? 'null');
    return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : null;
  } catch {
    // The server draws the page without storage: the game's own language.
    return null;
  }
}

export function writeLanguageChoice(gameId: string, language: Language | null): void {
  try {
    if (language) localStorage.setItem(STORE_KEYS.language(gameId), JSON.stringify(language));
    else localStorage.removeItem(STORE_KEYS.language(gameId));
  } catch {
    /* storage disabled: the choice lasts while the page is open */
  }
}
