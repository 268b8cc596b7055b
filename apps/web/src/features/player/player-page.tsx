import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useHeaderItems } from '../../ui/header-slot.tsx';
import { withAllStyles } from '../../ui/all-styles.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useFocusHeadingOnChange } from '../../ui/announcer/focus-heading.ts';
import { ReadAloudProvider } from '../../ui/read-aloud/read-aloud.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { offeredLanguages } from '../../ui/language/game-languages.ts';
import { IntroPage } from './intro-page.tsx';
import { useLanguageChoice } from './language-choice.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { PaymentPage } from './payment-page.tsx';
import { PlayContext, pageFromLinkState, type DisplayPage, type PlayContextValue } from './play-context.tsx';
import { PlayerError } from './player-error.tsx';
import { PlayerHeaderItems, type HeaderLanguages } from './player-header-items.tsx';
import { gameKey, useGame } from './use-game.ts';
import { useGameLanguage } from './use-game-language.ts';
import { usePlaySession } from './use-play-session.ts';
import { useTeamEvent } from './use-team-event.ts';

// The intro and the code screen come with the page; the questions and the map load when first shown,
// so a phone opening a game link downloads only what it shows first (DESIGN.md section 7).
const QuestionsPage = lazy(withAllStyles(() => import('./questions-page.tsx').then((m) => ({ default: m.QuestionsPage }))));
const MapPage = lazy(withAllStyles(() => import('./map-page.tsx').then((m) => ({ default: m.MapPage }))));
// Loaded only when the game on screen is not in the language this phone chose (language-notice.tsx).
const LanguageNotice = lazy(withAllStyles(() => import('./language-notice.tsx').then((m) => ({ default: m.LanguageNotice }))));
// Loaded once the play has a photo (its verdict is news wherever the team is): most plays have none.
const PhotoVerdicts = lazy(withAllStyles(() => import('./photo/photo-verdicts.tsx')));

/** `/game/:gameId`: the game player (spec section 2). A new game id starts a new screen. */
export function Component() {
  const { gameId } = useParams();
  if (!gameId) return null;
  return <PlayerScreen key={gameId} gameId={gameId} />;
}

function PlayerScreen({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const { session, snapshot, loaded } = usePlaySession(gameId);
  const languageChoice = useLanguageChoice(gameId);
  const { requested, choose: chooseLanguage } = languageChoice;
  const gameQuery = useGame(gameId, snapshot.secret, requested, languageChoice.fallBack);
  const event = useTeamEvent(session, snapshot.secret, snapshot.grant);
  const game = gameQuery.data;
  // The intro, unless the link asked for another page (back from paying: the code screen) or the page
  // was on another before a reload (its history entry keeps it: a phone reloaded with no network goes
  // back to its question). Read once what the phone keeps is in, so the server's intro hydrates first.
  const { state, search } = useLocation();
  const navigate = useNavigate();
  const [page, setPageState] = useState<DisplayPage | null>(null);
  if (loaded && !page) setPageState(pageFromLinkState(state));

  const setPage = useCallback(
    (next: DisplayPage) => {
      setPageState(next);
      // No pathname: this page's own.
      void navigate({ search }, { replace: true, state: { page: next } });
      window.scrollTo?.({ top: 0 });
    },
    [navigate, search],
  );

  // The questions need a code: without one the player is asked for it.
  const shown: DisplayPage = page === 'questions' && !snapshot.secret ? 'payment' : (page ?? 'intro');
  useFocusHeadingOnChange(shown, '[data-testid="player"]');
  const hasMap = Boolean(game?.metadata.map);
  const hasGame = Boolean(game);
  // A first screen the server drew in the visitor's language (a translation, though none was asked
  // for) keeps that language for this phone: later fetches, with a code say, ask for it too.
  const queryClient = useQueryClient();
  const adopted = !requested && game?.metadata.originalLanguage ? game : null;
  useEffect(() => {
    if (!adopted) return;
    queryClient.setQueryData(gameKey(gameId, snapshot.secret, adopted.metadata.language), adopted);
    chooseLanguage(adopted.metadata.language);
  }, [adopted, chooseLanguage, gameId, queryClient, snapshot.secret]);
  const offered = game ? offeredLanguages(game.metadata) : null;
  const shownLanguage = game?.metadata.language;
  const headerLanguages = useMemo<HeaderLanguages | undefined>(
    () => (offered && offered.length > 1 && shownLanguage ? { offered, current: shownLanguage, onChoose: chooseLanguage } : undefined),
    [offered, shownLanguage, chooseLanguage],
  );
  const headerItems = useMemo(
    () => (hasGame ? <PlayerHeaderItems page={shown} hasMap={hasMap} onSelect={setPage} languages={headerLanguages} /> : null),
    [hasGame, hasMap, shown, setPage, headerLanguages],
  );
  useHeaderItems(headerItems);
  useGameLanguage(game?.metadata.language);
  usePageTitle(game ? game.metadata.name.trim() || t('player.intro.title') : t('pages.game'));

  let body;
  if (!game) {
    body = gameQuery.isPending ? (
      <PageLoader label={t('player.common.loading')} />
    ) : (
      <PlayerError error={gameQuery.error} onRetry={() => void gameQuery.refetch()} onCode={(code) => session.submitCode(code)} />
    );
  } else {
    const value: PlayContextValue = {
      game,
      gameRefreshing: gameQuery.isPlaceholderData || (gameQuery.isFetching && !game.questions),
      session,
      snapshot,
      page: shown,
      setPage,
      event,
      chooseLanguage,
    };
    body = (
      <PlayContext.Provider value={value}>
        <ReadAloudProvider language={game.metadata.language} paused={page === null}>
          {(languageChoice.notReady || (requested && game.metadata.language !== requested)) && (
            <Suspense fallback={null}>
              <LanguageNotice shown={game.metadata.language} choice={languageChoice} fetching={gameQuery.isFetching} onRetry={() => void gameQuery.refetch()} />
            </Suspense>
          )}
          {event && <event.ui.EventBar event={event} />}
          {snapshot.progress?.questions.some((question) => question.photo) && (
            <Suspense fallback={null}>
              <PhotoVerdicts />
            </Suspense>
          )}
          {shown === 'intro' && <IntroPage />}
          {shown === 'payment' && <PaymentPage />}
          <Suspense fallback={<PageLoader label={t('player.common.loading')} />}>
            {shown === 'questions' && <QuestionsPage />}
            {shown === 'map' && <MapPage />}
          </Suspense>
        </ReadAloudProvider>
      </PlayContext.Provider>
    );
  }

  return (
    <Container size="sm" px="md" py="md" data-testid="player" data-page={game ? shown : 'loading'}>
      <OfflineBanner offline={snapshot.offline} pending={snapshot.pending} />
      {body}
    </Container>
  );
}
