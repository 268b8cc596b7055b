import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { playSound } from '../sounds.ts';
import { ResultAnnouncement, ResultIcon } from './result-icon.tsx';

const ANSWER_MAX = 500;

export type AnswerBoxProps = {
  /** The question is ANSWERED: the box is read-only and shows the right icon. */
  answered: boolean;
  /** Whether what was typed is an accepted answer (the player judges from the salted hashes). */
  judge(typed: string): boolean;
  /** A right answer: the player sends ANSWERED with what was typed. */
  onRight(typed: string): void;
};

/**
 * The answer box (spec section 5), judged at once on the phone, offline too. Right: good sound and
 * icon, `onRight`, the box read-only once ANSWERED. Wrong: bad sound and icon, the box marked invalid,
 * nothing sent. Either is also said in words to screen readers. Enter submits.
 */
export function AnswerBox({ answered, judge, onRight }: AnswerBoxProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<'right' | 'wrong' | null>(null);
  // Counts the tries, so that the same wrong answer sent twice is announced twice.
  const [tries, setTries] = useState(0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (answered) return;
    setTries((n) => n + 1);
    if (judge(typed)) {
      playSound('good');
      setResult('right');
      onRight(typed);
    } else {
      playSound('bad');
      setResult('wrong');
    }
  };

  const right = answered || result === 'right';
  const wrong = !answered && result === 'wrong';
  const showResult = right || wrong;
  return (
    <form onSubmit={submit} noValidate aria-label={t('player.answer.form')}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('player.answer.label')}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setResult(null);
            }}
            readOnly={answered}
            error={wrong}
            maxLength={ANSWER_MAX}
            size="md"
            dir="auto"
            autoComplete="off"
            enterKeyHint="send"
            data-testid="answer-input"
            style={{ flex: 1 }}
          />
          {showResult && <ResultIcon ok={right} label={t(right ? 'player.answer.right' : 'player.answer.wrong')} testId="answer-result" />}
        </Group>
        <ResultAnnouncement
          message={showResult ? t(right ? 'player.answer.right' : 'player.answer.wrong') : null}
          attempt={tries}
          testId="answer-announcement"
        />
        {!answered && (
          <Button type="submit" size="lg" fullWidth>
            {t('player.answer.submit')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
