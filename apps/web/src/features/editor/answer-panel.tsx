import { useState, type ComponentType } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, NativeSelect, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  acceptedAnswers,
  ANSWER_KINDS,
  emptyOption,
  MAX_ACCEPTED_ANSWERS,
  MAX_ANSWER_LENGTH,
  MAX_ANSWER_VALUE,
  MAX_CHOICE_OPTIONS,
  MAX_NUMBER_ANSWER,
  MAX_OPTION_TEXT,
  MIN_CHOICE_OPTIONS,
  PHOTO_JUDGINGS,
  withAnswerKind,
  writtenAnswers,
  type AnswerKind,
  type AnswerOf,
  type ChoiceAnswer,
  type NumberAnswerContent,
  type PhotoJudging,
  type TextAnswer,
} from '@streethunt/shared';
import type { Answer } from './editor-store.ts';

type ErrorOf = (path: string) => string | undefined;
type Props<A extends Answer> = { index: number; answer: A; onChange(answer: Answer): void; errorOf: ErrorOf; dir: 'rtl' | 'ltr' };

/** A question's answer: its kind, and the fields of that kind. */
export function AnswerPanel(props: Props<Answer>) {
  const { t } = useTranslation('studio');
  const { answer, onChange } = props;
  return (
    <Stack gap="md">
      <NativeSelect
        label={t('editor.answer.kind')}
        description={t('editor.answer.kindHint')}
        value={answer.kind}
        onChange={(event) => onChange(withAnswerKind(answer, event.currentTarget.value as AnswerKind))}
        data={ANSWER_KINDS.map((kind) => ({ value: kind, label: t(`editor.answer.kinds.${kind}`) }))}
        data-testid="field-answer-kind"
      />
      <KindFields {...props} />
    </Stack>
  );
}

/** Each kind's panel in the editor, one entry per kind: a new kind is a type error here until it has one. */
export const ANSWER_PANELS: { [K in AnswerKind]: ComponentType<Props<AnswerOf<K>>> } = {
  text: TextFields,
  number: NumberFields,
  choice: ChoiceFields,
  none: NoneFields,
  photo: PhotoFields,
};

/** The fields the creator fills in, the panel of the answer's kind (generic: a lookup by a union's kind could not be typed for that answer). */
function KindFields<K extends AnswerKind>(props: Props<AnswerOf<K>>) {
  const Fields: ComponentType<Props<AnswerOf<K>>> = ANSWER_PANELS[props.answer.kind as K];
  return <Fields {...props} />;
}

/** Nothing to fill in: arriving completes it. */
function NoneFields() {
  const { t } = useTranslation('studio');
  return (
    <Text size="sm" c="dimmed" data-testid="answer-none">
      {t('editor.answer.none')}
    </Text>
  );
}

/** Who judges the photo outside events. */
function PhotoFields({ answer, onChange }: Props<AnswerOf<'photo'>>) {
  const { t } = useTranslation('studio');
  return (
    <NativeSelect
      label={t('editor.answer.judging')}
      description={t('editor.answer.judgingHint')}
      value={answer.judging}
      onChange={(event) => onChange({ ...answer, judging: event.currentTarget.value as PhotoJudging })}
      data={PHOTO_JUDGINGS.map((judging) => ({ value: judging, label: t(`editor.answer.judgings.${judging}`) }))}
      data-testid="field-answer-judging"
    />
  );
}

/** The accepted answers: one line, separated by commas; each is shown as the creator wrote it. */
function TextFields({ index, answer, onChange, errorOf }: Props<TextAnswer>) {
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
        onChange={(event) => onChange({ ...answer, value: event.currentTarget.value })}
        error={errorOf(`questions.${index}.answer.value`) ?? overLimit}
        maxLength={MAX_ANSWER_VALUE}
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
      <Switch
        label={t('editor.answer.lenient')}
        description={t('editor.answer.lenientHint')}
        checked={answer.lenient === true}
        onChange={(event) => {
          const { lenient: _lenient, ...rest } = answer;
          onChange(event.currentTarget.checked ? { ...rest, lenient: true } : rest);
        }}
        data-testid="field-answer-lenient"
      />
    </Stack>
  );
}

/** A number the player's typed number is compared with, and how far from it still counts. */
function NumberFields({ index, answer, onChange, errorOf }: Props<NumberAnswerContent>) {
  const { t } = useTranslation('studio');
  const read = (value: string | number): number | '' => (typeof value === 'number' && Number.isFinite(value) ? value : '');
  return (
    <Stack gap="sm">
      <NumberInput
        label={t('editor.answer.number')}
        description={t('editor.answer.numberHint')}
        value={answer.value}
        onChange={(value) => onChange({ ...answer, value: read(value) })}
        error={errorOf(`questions.${index}.answer.value`)}
        min={-MAX_NUMBER_ANSWER}
        max={MAX_NUMBER_ANSWER}
        decimalScale={6}
        hideControls
        dir="ltr"
        data-testid="field-answer-number"
      />
      <NumberInput
        label={t('editor.answer.tolerance')}
        description={t('editor.answer.toleranceHint')}
        value={answer.tolerance}
        onChange={(value) => onChange({ ...answer, tolerance: Math.max(0, read(value) || 0) })}
        min={0}
        max={MAX_NUMBER_ANSWER}
        decimalScale={6}
        allowNegative={false}
        hideControls
        dir="ltr"
        data-testid="field-answer-tolerance"
      />
    </Stack>
  );
}

/** A choice's options, in the order the player sees them: text, right or not, moved, added, deleted. */
function ChoiceFields({ index, answer, onChange, errorOf, dir }: Props<ChoiceAnswer>) {
  const { t } = useTranslation('studio');
  const { options } = answer;
  // Set when the creator tried to untick the last right option: the reason is said, nothing changes.
  const [keptRight, setKeptRight] = useState<string | null>(null);
  const rightCount = options.filter((option) => option.correct).length;
  const set = (next: ChoiceAnswer['options']) => onChange({ ...answer, options: next });
  const move = (o: number, by: -1 | 1) => {
    const next = [...options];
    [next[o], next[o + by]] = [next[o + by]!, next[o]!];
    set(next);
  };
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minInlineSize: 0 }}>
      <Stack gap={2}>
        <Text component="legend" size="sm" fw={500}>
          {t('editor.answer.options', { n: options.length, max: MAX_CHOICE_OPTIONS })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('editor.answer.optionsHint')}
        </Text>
      </Stack>
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {options.map((option, o) => {
          const onlyRight = option.correct && rightCount === 1;
          return (
            <Stack key={option.id} gap={4} component="li" data-testid="answer-option-row">
              <TextInput
                label={t('editor.answer.option', { n: o + 1 })}
                value={option.text}
                onChange={(event) => set(options.map((x, i) => (i === o ? { ...x, text: event.currentTarget.value } : x)))}
                error={errorOf(`questions.${index}.answer.options.${o}.text`)}
                maxLength={MAX_OPTION_TEXT}
                dir={dir}
                data-testid={`field-option-${o}`}
              />
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Checkbox
                  label={t('editor.answer.optionCorrect')}
                  checked={option.correct}
                  // The last right option stays right: a choice needs one (the save refuses none).
                  error={keptRight === option.id ? t('editor.answer.lastCorrect') : undefined}
                  onChange={(event) => {
                    const correct = event.currentTarget.checked;
                    if (!correct && onlyRight) {
                      setKeptRight(option.id);
                      return;
                    }
                    setKeptRight(null);
                    set(options.map((x, i) => (i === o ? { ...x, correct } : x)));
                  }}
                  data-testid={`field-option-${o}-correct`}
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('editor.answer.moveOptionUp', { n: o + 1 })} disabled={o === 0} onClick={() => move(o, -1)}>
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('editor.answer.moveOptionDown', { n: o + 1 })}
                    disabled={o === options.length - 1}
                    onClick={() => move(o, 1)}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('editor.answer.deleteOption', { n: o + 1 })}
                    // Fewer than two is no choice; deleting the only right one would leave none.
                    disabled={options.length <= MIN_CHOICE_OPTIONS || onlyRight}
                    onClick={() => set(options.filter((_, i) => i !== o))}
                    data-testid={`delete-option-${o}`}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Stack>
          );
        })}
      </Stack>
      {rightCount === 0 && (
        <Text size="sm" c="red.8">
          {errorOf(`questions.${index}.answer.options`)}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={options.length >= MAX_CHOICE_OPTIONS}
        onClick={() => set([...options, emptyOption()])}
        style={{ alignSelf: 'flex-start' }}
        data-testid="add-option"
      >
        {t('editor.answer.addOption')}
      </Button>
    </Stack>
  );
}
