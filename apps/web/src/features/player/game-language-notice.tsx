import { lazy, Suspense } from 'react';
import type { GameReply } from '@streethunt/shared';
import { withAllStyles } from '../../ui/all-styles.ts';
import { originalLanguage } from '../../ui/language/game-languages.ts';
import type { LanguageChoice } from './language-choice.ts';
import type { LanguageNoticeKind } from './language-notice.tsx';

// Loaded only when there is something to say, with its texts (languages-translations.ts).
const LanguageNotice = lazy(withAllStyles(() => import('./language-notice.tsx').then((m) => ({ default: m.LanguageNotice }))));

/**
 * Tells the player when the game on screen is not in the language this phone chose: while the other
 * language loads, when the game does not have it ready (the game's own is shown), or when it could not
 * be fetched (the game stays as it was, the play goes on).
 */
export function GameLanguageNotice({
  game,
  choice,
  fetching,
  onRetry,
}: {
  game: GameReply;
  choice: LanguageChoice;
  fetching: boolean;
  onRetry(): void;
}) {
  const shown = game.metadata.language;
  const wanted = choice.chosen ?? originalLanguage(game.metadata);
  let kind: LanguageNoticeKind | null = null;
  if (choice.notReady) kind = 'notReady';
  else if (shown !== wanted) kind = fetching ? 'switching' : 'failed';
  if (!kind) return null;
  return (
    <Suspense fallback={null}>
      <LanguageNotice kind={kind} language={choice.notReady ?? wanted} shown={shown} onClose={choice.dismissNotice} onRetry={onRetry} />
    </Suspense>
  );
}
