import type { ComponentType, ReactNode } from 'react';
import { Button, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnswerKind } from '@streethunt/shared';
import { AnswerBox, type AnswerFieldProps, type PhoneVerdict, type ServerVerdict } from './answer-box.tsx';

const ANSWER_MAX = 500;

/** What the question view gives the answer input of its kind. */
type AnswerInputProps = {
  /** A choice's options, in the creator's order. */
  options?: ReadonlyArray<{ id: string; text: string }>;
  /** Neither answered nor skipped. */
  open: boolean;
  answered: boolean;
  /** Skipped: the solution is shown instead. */
  solved: boolean;
  judge(sent: string): PhoneVerdict;
  /** A right answer (what was sent). */
  onRight(sent: string): void;
  onAsk(sent: string): Promise<ServerVerdict>;
  onWrong?(): void;
  /** An information stop's 'arrived'. */
  onArrive(): void;
  /** A photo question's step (the player's lazy camera and upload); the editor's preview shows a note instead. */
  photoStep?: ReactNode;
};

/** How a question of one kind is shown and answered. */
export type AnswerInputEntry = {
  /** The question's title: an information stop is a stop, not a question. */
  title: 'player.question.title' | 'player.question.infoStop';
  /** Its name in a free order's list of questions. */
  listedAs: 'player.freeOrder.item' | 'player.freeOrder.stop';
  /** Whether the player may skip it (an information stop has nothing to skip). */
  skippable: boolean;
  /** Whether, in an event, the step says the text after the answer is on its way once answered (a photo's comes only once its judge accepts it). */
  awaitsAfterText: boolean;
  Input: ComponentType<AnswerInputProps>;
};

function typedField(label: 'player.answer.label' | 'player.answer.numberLabel', inputMode: 'text' | 'decimal') {
  return function TypedField({ value, onChange, readOnly, wrong }: AnswerFieldProps) {
    const { t } = useTranslation();
    return (
      <TextInput
        label={t(label)}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        readOnly={readOnly}
        error={wrong}
        maxLength={ANSWER_MAX}
        size="md"
        dir="auto"
        autoComplete="off"
        enterKeyHint="send"
        inputMode={inputMode}
        data-testid="answer-input"
        style={{ flex: 1 }}
      />
    );
  };
}

function OptionsField({ value, onChange, options, readOnly, wrong, missing }: AnswerFieldProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('player.answer.choiceLabel')}
      value={value}
      onChange={onChange}
      error={wrong || (missing && t('player.answer.pickFirst'))}
      style={{ flex: 1 }}
      data-testid="answer-options"
    >
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Radio key={option.id} value={option.id} label={option.text} disabled={readOnly} size="md" dir="auto" data-testid="answer-option" />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** A kind answered in the answer box, with its field; the box goes once the question is skipped. */
function boxInput(kind: AnswerKind, field: ComponentType<AnswerFieldProps>, pickFirst: boolean) {
  return function BoxInput({ options, answered, solved, judge, onRight, onAsk, onWrong }: AnswerInputProps) {
    return !solved && <AnswerBox kind={kind} field={field} pickFirst={pickFirst} options={options} answered={answered} judge={judge} onRight={onRight} onAsk={onAsk} onWrong={onWrong} />;
  };
}

function ArriveButton({ open, onArrive }: AnswerInputProps) {
  const { t } = useTranslation();
  return (
    open && (
      <Button size="lg" fullWidth onClick={onArrive} data-testid="question-arrived">
        {t('player.question.arrived')}
      </Button>
    )
  );
}

function PhotoInput({ solved, photoStep }: AnswerInputProps) {
  const { t } = useTranslation();
  return !solved && (photoStep ?? <Text c="dimmed" data-testid="photo-preview-note">{t('player.photo.previewNote')}</Text>);
}

/** Each kind's answer input, one entry per kind: a new kind is a type error here until it has one. */
export const ANSWER_INPUTS: Record<AnswerKind, AnswerInputEntry> = {
  text: {
    title: 'player.question.title',
    listedAs: 'player.freeOrder.item',
    skippable: true,
    awaitsAfterText: true,
    Input: boxInput('text', typedField('player.answer.label', 'text'), false),
  },
  number: {
    title: 'player.question.title',
    listedAs: 'player.freeOrder.item',
    skippable: true,
    awaitsAfterText: true,
    Input: boxInput('number', typedField('player.answer.numberLabel', 'decimal'), false),
  },
  choice: {
    title: 'player.question.title',
    listedAs: 'player.freeOrder.item',
    skippable: true,
    awaitsAfterText: true,
    // Nothing picked is no try: the player is asked to pick, nothing is judged.
    Input: boxInput('choice', OptionsField, true),
  },
  none: {
    // An information stop: arriving, or 'continue', completes it; nothing to skip.
    title: 'player.question.infoStop',
    listedAs: 'player.freeOrder.stop',
    skippable: false,
    awaitsAfterText: true,
    Input: ArriveButton,
  },
  photo: {
    title: 'player.question.title',
    listedAs: 'player.freeOrder.item',
    skippable: true,
    // Its text after the answer comes once its judge accepts it: nothing to wait for on the step.
    awaitsAfterText: false,
    // Taken and sent by its own step (the player's lazy camera), judged by a person.
    Input: PhotoInput,
  },
};
