import { Badge, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isQuestionOpen, suggestedQuestion } from '@streethunt/shared';
import { ANSWER_INPUTS } from '../../ui/game/answer-inputs.tsx';
import { useGeolocation } from '../../ui/map/use-geolocation.ts';
import { usePlay } from './play-context.tsx';
import { usePlayFlow } from './use-play-flow.ts';
import classes from './question-chooser.module.css';

/** A light badge's text in the darkest shade of its colour: the light shades fail contrast on their own tint. */
const LABEL_OF = (color: string) => ({ label: { color: `var(--mantine-color-${color}-9)` } });

/**
 * A game played in any order: every question the flow opens or the team began, with its state, the
 * open ones to choose from, and the nearest open one suggested (where the game has a map and the phone
 * a position; else the first).
 */
export function QuestionChooser({ onChoose }: { onChoose(index: number): void }) {
  const { t } = useTranslation();
  const { game, snapshot } = usePlay();
  const flow = usePlayFlow();
  const questions = game.questions ?? [];
  const states = snapshot.progress?.questions ?? [];
  const geolocation = useGeolocation(game.metadata.map);
  const suggested = suggestedQuestion(questions, states, geolocation.position, flow.playable);
  // 'Nearest' only when measured from where the phone is; else simply the first open one.
  const suggestion = geolocation.position ? 'nearest' : 'suggested';
  return (
    <Stack gap="sm" data-testid="question-chooser">
      <Title order={1} size="h2">
        {t('player.freeOrder.choose')}
      </Title>
      <Text c="dimmed">{t('player.freeOrder.chooseHint')}</Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {questions.map((question, i) => {
          const status = states[i]?.status ?? null;
          // What the flow does not open (yet, or ever: another branch) is not on the list: a story, not a locked door.
          if (status === null && !flow.playable.includes(question.id)) return null;
          const open = isQuestionOpen(status);
          const name = t(ANSWER_INPUTS[question.answer.kind ?? 'text'].listedAs, { n: i + 1 });
          const state = open ? 'open' : status === 'SKIPPED' ? 'skipped' : 'answered';
          return (
            <li key={question.id}>
              <UnstyledButton
                className={classes.item}
                disabled={!open}
                onClick={() => onChoose(i)}
                data-testid="choose-question"
                data-index={i}
                data-state={state}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text fw={600}>{name}</Text>
                  <Group gap={6} wrap="nowrap">
                    {i === suggested && (
                      <Badge color="teal" variant="light" styles={LABEL_OF('teal')} data-testid="suggested">
                        {t(`player.freeOrder.${suggestion}`)}
                      </Badge>
                    )}
                    <Badge color={open ? 'blue' : 'gray'} variant="light" styles={LABEL_OF(open ? 'blue' : 'gray')}>
                      {t(`player.freeOrder.${state}`)}
                    </Badge>
                  </Group>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
