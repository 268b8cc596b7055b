import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasWordsAfterRight, type AnswerKind, type FlowCondition, type FlowRule, type Hint, type QuestionStatus } from '@streethunt/shared';
import { ReadAloud } from '../read-aloud/read-aloud.tsx';
import type { ReadItem } from '../read-aloud/read-item.ts';
import { Recording } from '../read-aloud/recording.tsx';
import { RichContent } from '../rich-content.tsx';
import type { PhoneVerdict, ServerVerdict } from './answer-box.tsx';
import { ANSWER_INPUTS } from './answer-inputs.tsx';
import { HintsList } from './hints-list.tsx';
import { SkipControl } from './skip-control.tsx';

/** What a question shows: the player's game reply, or the editor's working copy. */
type ShownQuestion = {
  content: string;
  /** The creator's recording of the question; its content is the transcript. */
  audio?: string | undefined;
  /** `kind` absent: a text (a reply made before the answer kinds). */
  answer: { kind?: AnswerKind; content: string; contentAfterAnswer: string; contentAfterAnswerSealed?: true; options?: ReadonlyArray<{ id: string; text: string }> };
  hints: ReadonlyArray<Pick<Hint, 'content' | 'title' | 'audio'>>;
  /** Its flow: a condition that opened it, and what its outcome does. */
  when?: FlowCondition | undefined;
  then?: readonly FlowRule[] | undefined;
};

export type QuestionViewProps = {
  index: number;
  question: ShownQuestion;
  status: QuestionStatus | null;
  /** The play's hint states of this question. */
  hintStates: ReadonlyArray<{ isOpen: boolean }>;
  /** The first accepted answer, once the server revealed it (SOLUTION). */
  solution?: string;
  /** Online, the skip is on its way and the answer comes with the reply; else it waits for the connection. */
  solutionOnItsWay?: boolean;
  onOpenHint(hintIndex: number): void;
  judge(sent: string): PhoneVerdict;
  /** A right answer (what was sent; nothing for an information stop). */
  onAnswered(sent?: string): void;
  /** An answer only the server can judge. */
  onAsk(sent: string): Promise<ServerVerdict>;
  /** A wrong attempt. */
  onWrong?(): void;
  onSkip(): void;
  onContinue(status: 'DONE' | 'SKIPPED'): void;
  /** Beside skip: the player's report-a-problem control. */
  report?: ReactNode;
  /** A photo question's step (the player's lazy camera and upload); the editor's preview shows a note instead. */
  photoStep?: ReactNode;
  /** What the question's rules said to the team on its outcome (content/play-flow.ts), shown with the text after it. */
  said?: readonly string[];
};

/**
 * One question as a player sees it: its content, the text before answering, hints, the answer box,
 * skip and report; after a right answer the text after it and continue (DONE); after a skip the first
 * accepted answer and continue (SKIPPED). What happens on each action is the caller's (the player, or
 * the editor's preview, which sends nothing).
 */
export function QuestionView(props: QuestionViewProps) {
  const { index, question, status, hintStates, solution, solutionOnItsWay, onOpenHint, judge, onAnswered, onAsk, onWrong, onSkip, onContinue, report, photoStep, said = [] } = props;
  const { t } = useTranslation();
  const answered = status === 'ANSWERED';
  const solved = status === 'SOLUTION';
  const open = !answered && !solved;
  const kind = question.answer.kind ?? 'text';
  // An information stop: nothing to answer or skip; 'continue' completes it (with the text after it, or what its rules say, if any).
  const arrive = () => {
    onAnswered();
    if (!hasWordsAfterRight(question)) onContinue('DONE');
  };
  const { title: titleKey, skippable, awaitsAfterText, Input } = ANSWER_INPUTS[kind];
  const title = t(titleKey, { n: index + 1 });
  const openHints = hintStates.flatMap((state, hintIndex) => (state.isOpen && hintIndex < question.hints.length ? [hintIndex] : [])).join(',');
  const readItems = useMemo((): ReadItem[] => {
    // A text with the creator's recording is heard in their voice: the phone's voice reads only the others.
    const items: ReadItem[] = [{ key: 'question', lines: [question.audio ? '' : title, question.audio ? '' : question.content, open ? question.answer.content : ''], onShow: true }];
    for (const hintIndex of openHints ? openHints.split(',').map(Number) : []) {
      const hint = question.hints[hintIndex];
      if (hint?.audio) continue;
      items.push({ key: `hint-${hintIndex}`, lines: [hint?.title?.trim() || t('player.hints.untitled', { n: hintIndex + 1 }), hint?.content ?? ''] });
    }
    if (answered) items.push({ key: 'after', lines: [question.answer.contentAfterAnswer, ...said] });
    if (solved && solution) items.push({ key: 'solution', lines: [`${t('player.question.solution')} ${solution}`, ...said] });
    return items;
  }, [title, question, open, openHints, answered, solved, solution, said, t]);
  const story = said.length > 0 && (
    <Alert color="grape" variant="light" title={t('player.flow.said')} data-testid="flow-said">
      <Stack gap={4}>
        {said.map((text, i) => (
          <Text key={i} dir="auto">
            {text}
          </Text>
        ))}
      </Stack>
    </Alert>
  );

  return (
    <Stack gap="md" data-testid="question" data-index={index} data-status={status ?? 'none'}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <ReadAloud scope={`question-${index}`} items={readItems} recordings={Boolean(question.audio) || question.hints.some((hint) => hint.audio)} />
      {question.when && status === null && (
        <Text c="grape.9" fw={600} data-testid="flow-opened">
          {t('player.flow.opened')}
        </Text>
      )}
      {question.audio && <Recording key={question.audio} url={question.audio} label={t('player.recording.question', { n: index + 1 })} autoPlay={status === null} />}
      <RichContent html={question.content} />
      {open && <RichContent html={question.answer.content} />}
      <HintsList hints={question.hints} states={hintStates} open={open} onOpen={onOpenHint} />
      <Input
        key={kind}
        options={question.answer.options}
        open={open}
        answered={answered}
        solved={solved}
        judge={judge}
        onRight={onAnswered}
        onAsk={onAsk}
        onWrong={onWrong}
        onArrive={arrive}
        photoStep={photoStep}
      />
      {answered && (
        <Stack gap="md" data-testid="after-answer">
          {question.answer.contentAfterAnswerSealed ? (
            // An event's text after the answer: the server sends it now that the answer is accepted. A
            // photo's comes only once its judge accepts it: nothing to wait for on the step.
            awaitsAfterText && (
              <Group gap="xs" role="status" data-testid="after-answer-loading">
                <Loader size="xs" aria-hidden />
                <Text>{t('player.question.afterLoading')}</Text>
              </Group>
            )
          ) : (
            <RichContent html={question.answer.contentAfterAnswer} />
          )}
          {story}
          <Button size="lg" fullWidth onClick={() => onContinue('DONE')} data-testid="question-continue">
            {t('player.question.continue')}
          </Button>
        </Stack>
      )}
      {solved && (
        <Stack gap="md" data-testid="solution">
          <Alert color="blue" variant="light">
            {solution ? (
              <Text>
                {t('player.question.solution')}{' '}
                <Text component="strong" fw={700} dir="auto">
                  {solution}
                </Text>
              </Text>
            ) : solutionOnItsWay ? (
              <Group gap="xs" role="status" data-testid="solution-loading">
                <Loader size="xs" aria-hidden />
                <Text>{t('player.question.solutionLoading')}</Text>
              </Group>
            ) : (
              <Text>{t('player.question.solutionPending')}</Text>
            )}
          </Alert>
          {story}
          <Button size="lg" fullWidth onClick={() => onContinue('SKIPPED')} data-testid="question-continue">
            {t('player.question.continue')}
          </Button>
        </Stack>
      )}
      <Group justify="space-between" gap="sm">
        {open && skippable ? <SkipControl onSkip={onSkip} /> : <span />}
        {report}
      </Group>
    </Stack>
  );
}
