import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Center, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isQuestionOpen, questionUnderWay, takesPresenceCode, type Flow, type Progress as PlayProgress } from '@streethunt/shared';
import { useFocusHeadingOnChange } from '../../ui/announcer/focus-heading.ts';
import { AreaStep } from './area-step.tsx';
import { BranchOverruled } from './branch-overruled.tsx';
import { GameOverPage } from './game-over-page.tsx';
import { usePlay } from './play-context.tsx';
// With the questions' code, not apart from it: a stop's alternative must show offline too.
import AlternativeSpot from './alternative-spot.tsx';
import { usePlayFlow } from './use-play-flow.ts';
import { useTeamEventState } from './use-team-event-state.ts';
import { PlayTimer } from './play-timer.tsx';
import { PlayQuestion } from './play-question.tsx';
import { QuestionChooser } from './question-chooser.tsx';

// Mid-game, 'Save for offline' is under the question: its code loads apart.
const OfflinePackButton = lazy(() => import('./offline-pack/offline-pack-button.tsx'));
// A trial's question it does not open: the purchase in place.
const TrialLocked = lazy(() => import('./trial/trial-locked.tsx'));

/** Nothing playable now, though the game is not over (a question waits for the clock): the team is told to wait. */
const WAITING = -3;

/**
 * The question to show, as the game's flow has it: in a line the one to play next; in any order the
 * one under way, else the one the player chose while it is playable and open, else none (the list).
 * -1: the game is over.
 */
function shownQuestion(progress: PlayProgress | null, flow: Flow, ids: readonly string[], free: boolean, chosen: number | null): number | null {
  if (!progress) return -2;
  if (flow.over) return -1;
  if (!free) return flow.next === null ? WAITING : ids.indexOf(flow.next);
  const underWay = questionUnderWay(progress.questions);
  if (underWay !== -1) return underWay;
  const open = chosen !== null && isQuestionOpen(progress.questions[chosen]?.status) && flow.playable.includes(ids[chosen] ?? '');
  return open ? chosen : null;
}

/** The current question, the list to choose one from (a game in any order), or the game-over page when none is left. */
export function QuestionsPage() {
  const { t } = useTranslation();
  const { game, gameRefreshing, snapshot, setPage, event } = usePlay();
  const flow = usePlayFlow();
  const teamEvent = useTeamEventState(event);
  const progress = snapshot.progress;
  const questions = game.questions;
  const free = game.metadata.order === 'free';
  const [chosen, setChosen] = useState<number | null>(null);
  const ids = useMemo(() => (questions ?? []).map((q) => q.id), [questions]);
  const index = shownQuestion(progress, flow, ids, free, chosen);

  // Which screen shows: a new one takes focus to its heading (the place on the area step, the question once there, the end).
  const asked = index !== null && index >= 0 ? questions?.[index] : undefined;
  const onArea = Boolean(asked && progress?.questions[index ?? -1]?.status === null && (game.metadata.map || takesPresenceCode(asked.presence)));
  const eventStep = event && progress ? (event.ui.screenBeforeQuestions(teamEvent, progress, flow.over) ?? '') : '';
  useFocusHeadingOnChange(`${eventStep}:${index}:${onArea}:${Boolean(progress?.startTime)}`, '[data-testid="player"]');

  // A new question starts at the top of the page. (A block body: newer browsers return a promise
  // from scrollTo, which React would take for a clean-up function.)
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [index]);

  // A code kept from a purchase has no play until it is sent on the code screen.
  if (!questions || !progress || !progress.startTime) {
    // An event team's code entered after the end, its team never started: the end and the final ranking.
    if (event && progress && teamEvent?.view?.endedAt) return <event.ui.EventScreen event={event} screen="ended" />;
    // An unstarted play waits for the phone to learn whether its code is an event team's (only such a
    // code shows its event here); an ordinary code kept from a purchase is sent on the code screen.
    const eventOnItsWay = Boolean(progress && !teamEvent?.checked);
    if (gameRefreshing || (snapshot.secret && (!progress || eventOnItsWay) && !snapshot.offline)) {
      return (
        <Center mih="40dvh">
          <Loader role="status" aria-label={t('player.common.loading')} />
        </Center>
      );
    }
    return (
      <Stack gap="md" data-testid="questions-unavailable">
        <Text>{t(snapshot.offline ? 'player.errors.offlineNoPlay' : 'player.questions.needCode')}</Text>
        <Button size="lg" onClick={() => setPage('payment')}>
          {t('player.questions.toCode')}
        </Button>
      </Stack>
    );
  }

  // A live event's team names itself first; an event that ended before the team finished ends its play.
  const eventScreen = event?.ui.screenBeforeQuestions(teamEvent, progress, flow.over);
  if (event && eventScreen) return <event.ui.EventScreen event={event} screen={eventScreen} />;

  if (index === -1) return <GameOverPage />;

  const total = questions.length;
  // In any order, how far the player is counts the questions closed, not the place of this one.
  const closed = free ? progress.questions.filter((question) => !isQuestionOpen(question.status)).length : (index ?? 0);
  const header = (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} data-testid="question-progress">
          {free ? t('player.freeOrder.done', { n: closed, total }) : t('player.questions.progress', { n: (index ?? 0) + 1, total })}
        </Text>
        <PlayTimer startTime={progress.startTime} endTime={progress.endTime} endsAt={teamEvent?.view && !teamEvent.view.endedAt ? teamEvent.view.endsAt : null} />
      </Group>
      <Progress value={(closed / total) * 100} size="sm" aria-hidden />
      <BranchOverruled />
    </Stack>
  );
  if (index === WAITING) {
    return (
      <Stack gap="md">
        {header}
        <Text data-testid="flow-waiting">{t('player.flow.waiting')}</Text>
      </Stack>
    );
  }
  if (index === null || index === -2) {
    return (
      <Stack gap="md">
        {header}
        <QuestionChooser onChoose={setChosen} />
      </Stack>
    );
  }

  const question = questions[index];
  const status = progress.questions[index]?.status ?? null;
  return (
    <Stack gap="md">
      {header}
      {free && status === null && (
        <Button variant="subtle" leftSection={<IconListDetails size={18} aria-hidden />} onClick={() => setChosen(null)} style={{ alignSelf: 'flex-start' }} data-testid="to-question-list">
          {t('player.freeOrder.toList')}
        </Button>
      )}
      {!question ? (
        <Text>{t('player.errors.generic')}</Text>
      ) : question.locked ? (
        <Suspense fallback={null}>
          <TrialLocked />
        </Suspense>
      ) : status === null && (game.metadata.map || takesPresenceCode(question.presence)) ? (
        <AreaStep key={`area-${index}`} index={index} />
      ) : (
        <>
          {question.alternative && (
            <AlternativeSpot alternative={question.alternative} language={game.metadata.originalLanguage ?? game.metadata.language} />
          )}
          <PlayQuestion key={`question-${index}`} index={index} question={question} status={status} />
        </>
      )}
      <Suspense fallback={null}>
        <OfflinePackButton />
      </Suspense>
    </Stack>
  );
}
