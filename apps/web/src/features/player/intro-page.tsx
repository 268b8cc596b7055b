import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isFreePrice } from '@streethunt/shared';
import { IntroView } from '../../ui/game/intro-view.tsx';
import { FreeStartAlert } from './free-start-alert.tsx';
import { offeredLanguages } from '../../ui/language/game-languages.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { usePlay } from './play-context.tsx';
import { useFreeStart } from './use-free-start.ts';
import { useTrialStart } from './trial/use-trial-start.ts';

// The team's code and 'Save for offline' show only once a play has started, and such a phone draws the
// page itself (main.tsx): no first screen from the server carries them, so their code loads apart.
const StartedPlayTools = lazy(() => import('./started-play-tools.tsx'));
const TrialRefused = lazy(() => import('./trial/trial-refused.tsx'));
// Step-free, length, duration and notes (DESIGN.md section 16): below the buttons, once hydrated, so nothing moves.
const WalkDetails = lazy(() => import('../../ui/game/walk-details.tsx'));
const GameLanguagePicker = lazy(() => import('./game-language-controls.tsx').then((m) => ({ default: m.GameLanguagePicker })));

/** The picker's height (a row of compact buttons and its margin), kept while its code loads so the intro does not move. */
const PICKER_SPACE = { minHeight: 30, marginBlockEnd: 'var(--mantine-spacing-md)' };

/**
 * The game's intro: its name, price, cover and story; 'lets play' (the code screen, or on a free game
 * the play itself), or 'continue' once the play has started, with the play's code for the team. A
 * game in two languages offers them first, before a word of its story.
 */
export function IntroPage() {
  const { t } = useTranslation();
  const { game, snapshot, setPage } = usePlay();
  const { name, price } = game.metadata;
  const started = Boolean(snapshot.secret && snapshot.progress?.startTime);
  const free = isFreePrice(price);
  const freeStart = useFreeStart();
  const trial = useTrialStart();
  // A paid game a visitor may try first (DESIGN.md section 15).
  const trialStops = free ? 0 : (game.metadata.freeQuestions ?? 0);
  // The server draws the picker's space only (a lazy part would fail its first screen's hydration).
  const hydrated = useHydrated();
  const pickerSpace = <div style={PICKER_SPACE} />;
  return (
    <>
      {offeredLanguages(game.metadata).length > 1 &&
        (hydrated ? (
          <Suspense fallback={pickerSpace}>
            <GameLanguagePicker />
          </Suspense>
        ) : (
          pickerSpace
        ))}
      <IntroView metadata={game.metadata} content={game.introPage.content}>
        {started ? (
          <Button size="lg" fullWidth onClick={() => setPage('questions')}>
            {t('player.intro.continue')}
          </Button>
        ) : free ? (
        <>
            <FreeStartAlert result={freeStart.result} />
            <Button size="lg" fullWidth loading={freeStart.starting} onClick={() => void freeStart.start()} data-testid="free-start">
              {t('player.intro.letsPlay')}
            </Button>
            <Button
              variant="subtle"
              size="sm"
              h="auto"
              py={6}
              onClick={() => setPage('payment')}
              // A long line wraps rather than widening the page on a narrow phone.
              styles={{ root: { alignSelf: 'flex-start', maxWidth: '100%' }, label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.35 } }}
              data-testid="join-team"
            >
              {t('player.intro.joinTeam')}
            </Button>
        </>
        ) : (
          <>
            <Button size="lg" fullWidth onClick={() => setPage('payment')}>
              {t('player.intro.letsPlay')}
            </Button>
            {trialStops > 0 && (
              <>
                {trial.result === 'trial_used' || trial.result === 'no_trial' ? (
                  <Suspense fallback={null}>
                    <TrialRefused reason={trial.result} />
                  </Suspense>
                ) : (
                  <FreeStartAlert result={trial.result} />
                )}
                <Button variant="light" size="lg" fullWidth loading={trial.starting} onClick={() => void trial.start()} data-testid="trial-start">
                  {t('player.intro.tryFree', { count: trialStops })}
                </Button>
              </>
            )}
          </>
        )}
        {!started && (
          // A plain link: the event page and its form load only there (the game page's JavaScript budget).
          <Button
            component={Link}
            to={`/events/buy/${encodeURIComponent(game._id)}`}
            variant="subtle"
            size="sm"
            h="auto"
            py={6}
            styles={{ root: { alignSelf: 'flex-start', maxWidth: '100%' }, label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.35 } }}
            data-testid="buy-event"
          >
            {t('player.intro.forGroup')}
          </Button>
        )}
        {started && snapshot.secret && (
          <Suspense fallback={null}>
            <StartedPlayTools code={snapshot.secret} gameId={game._id} gameName={name.trim() || t('player.intro.title')} />
          </Suspense>
        )}
        {hydrated && game.metadata.accessibility && (
          <Suspense fallback={null}>
            <WalkDetails accessibility={game.metadata.accessibility} language={game.metadata.originalLanguage ?? game.metadata.language} />
          </Suspense>
        )}
      </IntroView>
    </>
  );
}
