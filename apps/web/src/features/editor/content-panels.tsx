import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_LINE_TEXT } from '@streethunt/shared';
import type { Answer, Gameover, Hint, Question } from './editor-store.ts';
import { RichTextField } from './fields/rich-text-field.tsx';
import { MediaPicker } from './fields/media-picker.tsx';

type Dir = 'rtl' | 'ltr';
type ErrorOf = (path: string) => string | undefined;

/**
 * The creator's own recording of a text (DESIGN.md section 16): one of their uploaded recordings,
 * played by the player, the text staying as its transcript. Removed: no recording (undefined).
 */
function RecordingField({ value, onChange }: { value: string | undefined; onChange(audio: string | undefined): void }) {
  const { t } = useTranslation('studio');
  return (
    <MediaPicker label={t('editor.recording.label')} description={t('editor.recording.hint')} type="audio" value={value ?? ''} onChange={(url) => onChange(url || undefined)} />
  );
}

/** The intro page's story, and its recording (kept in the metadata: metadata.audio). */
export function IntroPanel(props: { content: string; onChange(content: string): void; audio: string | undefined; onAudioChange(audio: string | undefined): void; dir: Dir; errorOf: ErrorOf }) {
  const { t } = useTranslation('studio');
  const { content, onChange, audio, onAudioChange, dir, errorOf } = props;
  return (
    <Stack gap="md">
      <RichTextField id="editor-intro" label={t('editor.intro.content')} value={content} onChange={onChange} dir={dir} error={errorOf('introPage.content')} />
      <RecordingField value={audio} onChange={onAudioChange} />
    </Stack>
  );
}

/** A question's text, and its recording. */
export function QuestionPanel(props: { index: number; question: Question; onChange(patch: { content?: string; audio?: string | undefined }): void; dir: Dir; errorOf: ErrorOf }) {
  const { t } = useTranslation('studio');
  const { index, question, onChange, dir, errorOf } = props;
  return (
    <Stack gap="md">
      <RichTextField
        id={`editor-q${index}`}
        label={t('editor.question.content', { n: index + 1 })}
        value={question.content}
        onChange={(content) => onChange({ content })}
        dir={dir}
        error={errorOf(`questions.${index}.content`)}
      />
      <RecordingField value={question.audio} onChange={(audio) => onChange({ audio })} />
    </Stack>
  );
}

/** The text before answering (answer.content) or after a right answer (answer.contentAfterAnswer). */
export function AnswerTextPanel({ index, which, answer, onChange, dir }: { index: number; which: 'before' | 'after'; answer: Answer; onChange(answer: Answer): void; dir: Dir }) {
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
        onChange={(html) => onChange(before ? { ...answer, content: html } : { ...answer, contentAfterAnswer: html })}
        dir={dir}
      />
    </Stack>
  );
}

/** A hint: an optional title ('Hint n' without one), its content and its recording. */
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
        maxLength={MAX_LINE_TEXT}
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
      <RecordingField value={hint.audio} onChange={(audio) => onChange({ audio })} />
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
