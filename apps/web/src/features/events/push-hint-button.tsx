import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentQuestionIndex, questionUnderWay, type EventTeam } from '@streethunt/shared';
import { errorText, isUnauthorized } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { eventsApi } from './api.ts';
import { useTeamNames } from './team-names.ts';

type Props = {
  eventId: string;
  team: EventTeam;
  /** How many hints each question has, in order. */
  hintCounts: readonly number[];
  /** The questions' ids, in order: the flow names the team's next question by id. */
  questionIds?: readonly string[] | undefined;
  onPushed(team: EventTeam): void;
  onUnauthorized(error: unknown): void;
};

/** Opens a hint for a stuck team: the organiser picks the question and the hint; the team's phones show it. */
export function PushHintButton({ eventId, team, hintCounts, questionIds, onPushed, onUnauthorized }: Props) {
  const { t } = useTranslation('studio');
  const name = useTeamNames()(team);
  const [asking, setAsking] = useState(false);
  const withHints = hintCounts.flatMap((count, index) => (count > 0 ? [index] : []));
  // Unchosen: the team's current question (or the next one with hints) and its first hint not opened yet.
  const [question, setQuestion] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const chosenQuestion = question ?? String(defaultQuestion(team, withHints, questionIds) ?? '');
  const chosenHint = hint ?? String(nextHint(team, Number(chosenQuestion), hintCounts[Number(chosenQuestion)] ?? 0));
  const push = useMutation({
    mutationFn: () => eventsApi.pushHint(eventId, team.id, { questionIndex: Number(chosenQuestion), hintIndex: Number(chosenHint) }),
    onSuccess: (changed) => {
      setAsking(false);
      onPushed(changed);
      notify(t, 'teal', t('events.pushHint.done', { team: name }));
    },
    onError: onUnauthorized,
  });
  if (withHints.length === 0) return null;
  const hintCount = hintCounts[Number(chosenQuestion)] ?? 0;
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => {
          // Each opening starts from where the team is now.
          setQuestion(null);
          setHint(null);
          setAsking(true);
        }}
        aria-label={t('events.pushHint.buttonFor', { team: name })}
      >
        {t('events.pushHint.button')}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('events.pushHint.title', { team: name })} centered closeButtonProps={{ 'aria-label': t('studio.close') }}>
        <Stack gap="md">
          <Text size="sm">{t('events.pushHint.text')}</Text>
          <Select
            label={t('events.pushHint.question')}
            data={withHints.map((index) => ({ value: String(index), label: t('events.results.question', { n: index + 1 }) }))}
            value={chosenQuestion}
            onChange={(value) => {
              setQuestion(value);
              setHint(null);
            }}
            allowDeselect={false}
          />
          <Select
            label={t('events.pushHint.hint')}
            data={Array.from({ length: hintCount }, (_, index) => ({ value: String(index), label: t('events.pushHint.hintN', { n: index + 1 }) }))}
            value={chosenHint}
            onChange={setHint}
            allowDeselect={false}
          />
          {push.isError && !isUnauthorized(push.error) && <ActionError>{t('events.pushHint.failed', { reason: errorText(push.error, t) })}</ActionError>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} disabled={push.isPending}>
              {t('studio.cancel')}
            </Button>
            <Button onClick={() => push.mutate()} loading={push.isPending}>
              {t('events.pushHint.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The team's current question (the one under way, else the one the flow suggests, else the first not
 * closed), or the next one after it with hints; the first with hints when none is left. The flow's
 * choice matters in a game that branches: the first question not closed may be one a branch passed over.
 */
function defaultQuestion(team: EventTeam, withHints: readonly number[], questionIds: readonly string[] | undefined): number | undefined {
  const states = team.statuses.map((status) => ({ status }));
  const underWay = questionUnderWay(states);
  const suggested = team.next && questionIds ? questionIds.indexOf(team.next) : -1;
  const current = underWay !== -1 ? underWay : suggested !== -1 ? suggested : currentQuestionIndex(states);
  return (current === -1 ? undefined : withHints.find((index) => index >= current)) ?? withHints[0];
}

/** The question's first hint the team has not opened (the first when all are). */
function nextHint(team: EventTeam, questionIndex: number, hintCount: number): number {
  const opened = new Set(team.openHints?.[questionIndex] ?? []);
  const next = Array.from({ length: hintCount }, (_, index) => index).find((index) => !opened.has(index));
  return next ?? 0;
}
