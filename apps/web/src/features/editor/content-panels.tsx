import { Badge, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { acceptedAnswers, MAX_ACCEPTED_ANSWERS, MAX_ANSWER_LENGTH, writtenAnswers } from '@streethunt/shared';
import type { Answer, Gameover, Hint, Question } from './editor-store.ts';
import { RichTextField } from './fields/rich-text-field.tsx';

type Dir = 'rtl' | 'ltr';
type ErrorOf = (path: string) => string | undefined;

/** The intro page's story. */
export function IntroPanel({ content, onChange, dir, errorOf }: { content: string; onChange(content: string): void; dir: Dir; errorOf: ErrorOf }) {
  const { t } = useTranslation('studio');
  return <RichTextField id="editor-intro" label={t('editor.intro.content')} value={content} onChange={onChange} dir={dir} error={errorOf('introPage.content')} />;
}

/** A question's text. */
export function QuestionPanel({ index, question, onChange, dir, errorOf }: { index: number; question: Question; onChange(content: string): void; dir: Dir; errorOf: ErrorOf }) {
  const { t } = useTranslation('studio');
  return (
    <RichTextField
      id={`editor-q${index}`}
      label={t('editor.question.content', { n: index + 1 })}
      value={question.content}
      onChange={onChange}
      dir={dir}
      error={errorOf(`questions.${index}.content`)}
    />
  );
}

/** The accepted answers: one line, separated by commas; each is shown as the creator wrote it. */
export function AnswerPanel({ index, answer, onChange, errorOf }: { index: number; answer: Answer; onChange(patch: Partial<Answer>): void; errorOf: ErrorOf }) {
  const { t } = useTranslation('studio');
  // Checked as the server checks them; shown as the creator wrote them (the matching also folds
  // Hebrew final letters and niqqud, which would read oddly here).
  const accepted = acceptedAnswers(answer.value);
  const shown = writtenAnswers(answer.value);
  // The save's own limits, shown as the creator types (the server refuses the same).
  const overLimit =
    accepted.length > MAX_ACCEPTED_ANSWERS
      ? t('editor.answer.tooMany', { max: MAX_ACCEPTED_ANSWERS, extra: accepted.length - MAX_ACCEPTED_ANSWERS })
      : accepted.some((value) => value.length > MAX_ANSWER_LENGTH)
        ? t('editor.answer.tooLong', { max: MAX_ANSWER_LENGTH })
        : undefined;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('editor.answer.value')}
        description={t('editor.answer.valueHint')}
        value={answer.value}
        onChange={(event) => onChange({ value: event.currentTarget.value })}
        error={errorOf(`questions.${index}.answer.value`) ?? overLimit}
        maxLength={2000}
        dir="auto"
        data-testid="field-answer-value"
      />
      {shown.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" c="dimmed" id={`accepted-${index}`}>
            {t('editor.answer.accepted', { n: shown.length })}
          </Text>
          <Group gap={6} component="ul" aria-labelledby={`accepted-${index}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((value, i) => (
              <Badge key={`${i}:${value}`} component="li" variant="light" tt="none" dir="auto" style={{ maxWidth: '100%' }}>
                {value}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/** The text before answering (answer.content) or after a right answer (answer.contentAfterAnswer). */
export function AnswerTextPanel({ index, which, answer, onChange, dir }: { index: number; which: 'before' | 'after'; answer: Answer; onChange(patch: Partial<Answer>): void; dir: Dir }) {
  const { t } = useTranslation('studio');
  const before = which === 'before';
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t(before ? 'editor.answer.beforeHint' : 'editor.answer.afterHint')}
      </Text>
      <RichTextField
        id={`editor-q${index}-${which}`}
        label={t(before ? 'editor.answer.before' : 'editor.answer.after', { n: index + 1 })}
        value={before ? answer.content : answer.contentAfterAnswer}
        onChange={(html) => onChange(before ? { content: html } : { contentAfterAnswer: html })}
        dir={dir}
      />
    </Stack>
  );
}

/** A hint: an optional title ('Hint n' without one) and its content. */
export function HintPanel(props: { index: number; hintIndex: number; hint: Hint; onChange(patch: Partial<Hint>): void; dir: Dir; errorOf: ErrorOf }) {
  const { t } = useTranslation('studio');
  const { index, hintIndex, hint, onChange, dir, errorOf } = props;
  return (
    <Stack gap="md">
      <TextInput
        label={t('editor.hint.title')}
        description={t('editor.hint.titleHint', { n: hintIndex + 1 })}
        placeholder={t('editor.tree.hint', { n: hintIndex + 1 })}
        value={hint.title ?? ''}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
        maxLength={200}
        dir="auto"
        data-testid="field-hint-title"
      />
      <RichTextField
        id={`editor-q${index}-hint${hintIndex}`}
        label={t('editor.hint.content')}
        value={hint.content}
        onChange={(content) => onChange({ content })}
        dir={dir}
        error={errorOf(`questions.${index}.hints.${hintIndex}.content`)}
      />
    </Stack>
  );
}

/** The game-over page: the creator's closing words, and whether the play's summary shows. */
export function GameoverPanel({ gameover, onChange, dir, errorOf }: { gameover: Gameover; onChange(patch: Partial<Gameover>): void; dir: Dir; errorOf: ErrorOf }) {
  const { t } = useTranslation('studio');
  return (
    <Stack gap="md">
      <RichTextField
        id="editor-gameover"
        label={t('editor.gameover.content')}
        value={gameover.content}
        onChange={(content) => onChange({ content })}
        dir={dir}
        error={errorOf('gameoverPage.content')}
      />
      <Switch
        label={t('editor.gameover.hideSummary')}
        description={t('editor.gameover.hideSummaryHint')}
        checked={gameover.hideGameSummary}
        onChange={(event) => onChange({ hideGameSummary: event.currentTarget.checked })}
        data-testid="field-hide-summary"
      />
    </Stack>
  );
}
