import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlayerQuestion, QuestionStatus } from '@streethunt/shared';
import { RichContent } from '../../ui/rich-content.tsx';
import { AnswerBox } from './answer-box.tsx';
import { HintsList } from './hints-list.tsx';
import { usePlay } from './play-context.tsx';
import { ReportProblem } from './report-problem.tsx';
import { SkipControl } from './skip-control.tsx';

/**
 * One question: its content, the text before answering, hints, the answer box, skip and report;
 * after a right answer the text after it and continue (DONE); after a skip the first accepted
 * answer and continue (SKIPPED).
 */
export function QuestionView({ index, question, status }: { index: number; question: PlayerQuestion; status: QuestionStatus | null }) {
  const { t } = useTranslation();
  const { session, snapshot } = usePlay();
  const answered = status === 'ANSWERED';
  const solved = status === 'SOLUTION';
  const open = !answered && !solved;
  const solution = snapshot.progress?.questions[index]?.solution;

  const next = (questionStatus: 'DONE' | 'SKIPPED') => session.change({ action: 'set-question-status', questionIndex: index, questionStatus });

  return (
    <Stack gap="md" data-testid="question" data-index={index} data-status={status ?? 'none'}>
      <Title order={1} size="h2">
        {t('player.question.title', { n: index + 1 })}
      </Title>
      <RichContent html={question.content} />
      {open && <RichContent html={question.answer.content} />}
      <HintsList index={index} question={question} open={open} />
      {!solved && <AnswerBox index={index} question={question} answered={answered} />}
      {answered && (
        <Stack gap="md" data-testid="after-answer">
          <RichContent html={question.answer.contentAfterAnswer} />
          <Button size="lg" fullWidth onClick={() => next('DONE')} data-testid="question-continue">
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
            ) : (
              <Text>{t('player.question.solutionPending')}</Text>
            )}
          </Alert>
          <Button size="lg" fullWidth onClick={() => next('SKIPPED')} data-testid="question-continue">
            {t('player.question.continue')}
          </Button>
        </Stack>
      )}
      <Group justify="space-between" gap="sm">
        {open ? <SkipControl index={index} /> : <span />}
        <ReportProblem index={index} />
      </Group>
    </Stack>
  );
}
