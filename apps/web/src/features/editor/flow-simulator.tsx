import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyFlowOutcome, flow, freshFlowState, questionReach, type EditableGame, type FlowOutcome, type FlowRunState } from '@streethunt/shared';
import { firstWords } from './first-words.ts';

/** A light badge's text in the darkest shade of its colour: the light shades fail contrast on their own tint. */
const LABEL_OF = (color: string) => ({ label: { color: `var(--mantine-color-${color}-9)` } });

type QuestionState = 'open' | 'done' | 'skipped' | 'waiting' | 'passed' | 'tried';
const STATE_COLOR: Record<QuestionState, string> = { open: 'blue', done: 'teal', skipped: 'orange', waiting: 'gray', passed: 'gray', tried: 'yellow' };


/**
 * The preview's path simulator: the creator plays the working copy's flow by hand (an answer right, with
 * a choice's option; wrong; skipped) and sees which questions open, which are passed over, the texts the
 * rules say and the score (points won by play, no time). The shared flow module judges every step, as it
 * does for a real play; nothing is sent anywhere.
 */
export function FlowSimulator({ game }: { game: EditableGame }) {
  const { t } = useTranslation('studio');
  const questions = game.questions;
  const order = game.metadata.order;
  const [run, setRun] = useState<{ state: FlowRunState; said: string[]; steps: number }>(() => ({ state: freshFlowState(questions), said: [], steps: 0 }));
  // A question added or removed while the simulator is open: start again from a fresh play.
  const state = run.state.questions.length === questions.length ? run.state : freshFlowState(questions);
  const now = useMemo(() => flow(questions, order, state), [questions, order, state]);
  const reach = useMemo(() => questionReach(questions, order, state), [questions, order, state]);

  const play = (question: string, outcome: FlowOutcome, option?: string) => {
    const result = applyFlowOutcome(questions, order, state, { question, outcome, option: option ?? null });
    if (result) setRun({ state: result.state, said: result.effects.say, steps: run.steps + 1 });
  };
  const stateOf = (i: number): QuestionState => {
    const status = state.questions[i]?.status;
    if (status === 'DONE') return 'done';
    if (status === 'SKIPPED') return 'skipped';
    if (status === 'STARTED') return 'tried';
    if (now.playable.includes(questions[i]!.id)) return 'open';
    return reach[i] === 'passed' ? 'passed' : 'waiting';
  };

  return (
    <Stack gap="md" data-testid="flow-simulator">
      <Text size="sm" c="dimmed">
        {t('editor.flowSim.intro')}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Badge size="lg" color="teal" variant="light" styles={LABEL_OF('teal')} data-testid="flow-sim-score">
          {t('editor.flowSim.score', { score: state.score })}
        </Badge>
        {now.over && (
          <Badge size="lg" color="grape" variant="light" styles={LABEL_OF('grape')} data-testid="flow-sim-over">
            {t('editor.flowSim.over')}
          </Badge>
        )}
        {state.flags.length > 0 && (
          <Text size="sm" data-testid="flow-sim-flags">
            {t('editor.flowSim.flags', { flags: state.flags.join(', ') })}
          </Text>
        )}
      </Group>
      {run.said.length > 0 && (
        <Alert color="grape" variant="light" title={t('editor.flowSim.said')} data-testid="flow-sim-said">
          {run.said.map((text, i) => (
            <Text key={i} dir="auto">
              {text}
            </Text>
          ))}
        </Alert>
      )}
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {questions.map((question, i) => {
          const shown = stateOf(i);
          const playable = shown === 'open' || shown === 'tried';
          const options = question.answer.kind === 'choice' ? question.answer.options : null;
          return (
            <Stack key={question.id} component="li" gap={6} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="flow-sim-question" data-state={shown}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }} dir="auto">
                  {t('editor.flowSim.question', { n: i + 1 })} {firstWords(question.content, 60)}
                </Text>
                <Badge color={STATE_COLOR[shown]} variant="light" styles={LABEL_OF(STATE_COLOR[shown])} style={{ flexShrink: 0 }}>
                  {t(`editor.flowSim.state.${shown}`)}
                </Badge>
              </Group>
              {playable && (
                <Group gap={6} wrap="wrap">
                  {options
                    ? options.map((option) => (
                        <Button key={option.id} size="compact-sm" variant="light" onClick={() => play(question.id, 'right', option.id)} data-testid="flow-sim-choose">
                          {t('editor.flowSim.choose', { option: option.text.trim() || option.id })}
                        </Button>
                      ))
                    : (
                        <Button size="compact-sm" variant="light" onClick={() => play(question.id, 'right')} data-testid="flow-sim-right">
                          {t('editor.flowSim.right')}
                        </Button>
                      )}
                  <Button size="compact-sm" variant="default" onClick={() => play(question.id, 'wrong')} data-testid="flow-sim-wrong">
                    {t('editor.flowSim.wrong')}
                  </Button>
                  <Button size="compact-sm" variant="default" onClick={() => play(question.id, 'skipped')} data-testid="flow-sim-skip">
                    {t('editor.flowSim.skip')}
                  </Button>
                </Group>
              )}
            </Stack>
          );
        })}
      </Stack>
      <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setRun({ state: freshFlowState(questions), said: [], steps: 0 })} style={{ alignSelf: 'flex-start' }} data-testid="flow-sim-reset">
        {t('editor.flowSim.reset')}
      </Button>
    </Stack>
  );
}
