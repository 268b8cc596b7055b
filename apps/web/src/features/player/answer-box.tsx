import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { matchesAnswerHashes, type PlayerQuestion } from '@streethunt/shared';
import { playSound } from '../../ui/sounds.ts';
import { usePlay } from './play-context.tsx';
import { ResultAnnouncement, ResultIcon } from './result-icon.tsx';

const ANSWER_MAX = 500;

/**
 * The answer box (spec section 5): judged at once on the phone from the salted hashes, offline too.
 * Right: good sound and icon, ANSWERED sent with what was typed, the box read-only. Wrong: bad sound
 * and icon, the box marked invalid, nothing sent. Either is also said in words to screen readers.
 * Enter submits.
 */
export function AnswerBox({ index, question, answered }: { index: number; question: PlayerQuestion; answered: boolean }) {
  const { t } = useTranslation();
  const { session } = usePlay();
  const [typed, setTyped] = useState('');
  const [wrong, setWrong] = useState(false);
  // Counts the tries, so that the same wrong answer sent twice is announced twice.
  const [tries, setTries] = useState(0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (answered) return;
    setTries((n) => n + 1);
    if (matchesAnswerHashes(question.answer.salt, question.answer.hashes, typed)) {
      playSound('good');
      setWrong(false);
      session.change({ action: 'set-question-status', questionIndex: index, questionStatus: 'ANSWERED', answer: typed });
    } else {
      playSound('bad');
      setWrong(true);
    }
  };

  const showResult = answered || wrong;
  return (
    <form onSubmit={submit} noValidate aria-label={t('player.answer.form')}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('player.answer.label')}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setWrong(false);
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
          {showResult && (
            <ResultIcon ok={answered} label={t(answered ? 'player.answer.right' : 'player.answer.wrong')} testId="answer-result" />
          )}
        </Group>
        <ResultAnnouncement
          message={showResult ? t(answered ? 'player.answer.right' : 'player.answer.wrong') : null}
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
