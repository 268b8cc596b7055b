import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnswerKind } from '@streethunt/shared';
import { holdUpdates } from '../../app/update-gate.ts';
import { playSound } from '../sounds.ts';
import { ResultAnnouncement, ResultIcon } from './result-icon.tsx';

/** The phone's verdict: 'ask' when only the server can say (see judgeOnPhone). */
export type PhoneVerdict = 'right' | 'wrong' | 'ask';
/**
 * The server's, for an answer the phone asked about: 'queued' when it cannot say now (offline); 'out'
 * or 'over' when it does not count it at all (an event team disqualified, or its play over); 'wait'
 * after too many wrong tries at the question (429 too_many_guesses), nothing kept.
 */
export type ServerVerdict = 'right' | 'wrong' | 'queued' | 'out' | 'over' | 'wait';

/** What a kind's field in the box is given: what the player has typed or picked, and how the box stands. */
export type AnswerFieldProps = {
  value: string;
  onChange(value: string): void;
  /** A choice's options, in the creator's order. */
  options: ReadonlyArray<{ id: string; text: string }>;
  readOnly: boolean;
  /** The last answer sent was wrong: the field is marked invalid. */
  wrong: boolean;
  /** Sent with nothing picked (only where `pickFirst`). */
  missing: boolean;
};

export type AnswerBoxProps = {
  /** The kind answered in the box (an information stop and a photo have none: see answer-inputs.tsx). */
  kind: AnswerKind;
  /** The kind's field: a text box, a number box, options to pick from. */
  field: ComponentType<AnswerFieldProps>;
  /** Nothing picked is no try: the player is asked to pick first (a choice; an empty typed answer is judged, and wrong). */
  pickFirst: boolean;
  /** A choice's options, in the creator's order. */
  options?: ReadonlyArray<{ id: string; text: string }>;
  /** The question is ANSWERED: the box is read-only and shows the right icon. */
  answered: boolean;
  /** What was sent (typed text, or the option's id) judged from the salted hashes, offline too. */
  judge(sent: string): PhoneVerdict;
  /** A right answer: the player sends ANSWERED with what was sent. */
  onRight(sent: string): void;
  /** An answer only the server can judge: sent (or queued offline), and its verdict. */
  onAsk(sent: string): Promise<ServerVerdict>;
  /** A wrong attempt (judged on the phone or by the server). */
  onWrong?(): void;
};

type Result = 'right' | 'wrong' | 'checking' | 'queued' | 'out' | 'over' | 'wait' | null;

/**
 * The answer box (spec section 5), judged at once on the phone, offline too. Right: good sound and
 * icon, `onRight`, the box read-only once ANSWERED. Wrong: bad sound and icon, the box marked invalid,
 * nothing sent. An answer only the server can judge is sent and said to be checked, or kept for later
 * offline. Either is also said in words to screen readers. Enter submits.
 */
export function AnswerBox({ kind, field: Field, pickFirst, options = [], answered, judge, onRight, onAsk, onWrong }: AnswerBoxProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState('');
  const [result, setResult] = useState<Result>(null);
  const [missing, setMissing] = useState(false);
  // Counts the tries, so that the same wrong answer sent twice is announced twice.
  const [tries, setTries] = useState(0);

  const settle = (verdict: 'right' | 'wrong') => {
    playSound(verdict === 'right' ? 'good' : 'bad');
    setResult(verdict);
    if (verdict === 'wrong') onWrong?.();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (answered || result === 'checking') return;
    if (pickFirst && sent === '') {
      setMissing(true);
      return;
    }
    setTries((n) => n + 1);
    const verdict = judge(sent);
    if (verdict === 'right') {
      settle('right');
      onRight(sent);
    } else if (verdict === 'wrong') {
      settle('wrong');
    } else {
      setResult('checking');
      void onAsk(sent).then((server) => (server === 'right' || server === 'wrong' ? settle(server) : setResult(server)));
    }
  };
  const change = (value: string) => {
    setSent(value);
    setMissing(false);
    if (result !== 'checking') setResult(null);
  };

  const right = result === 'right' || (answered && result !== 'queued');
  const wrong = !answered && result === 'wrong';
  const showResult = right || wrong;
  const notCounted = result === 'out' || result === 'over' ? t(`player.answer.notCounted.${result}`) : null;
  const message = showResult
    ? t(right ? 'player.answer.right' : 'player.answer.wrong')
    : result === 'checking'
      ? t('player.answer.checking')
      : result === 'wait'
        ? t('player.answer.wait')
        : notCounted;
  const readOnly = answered || result === 'checking';
  // A new version of the app never reloads the page over an answer being typed or checked.
  const busy = !answered && (sent !== '' || result === 'checking');
  useEffect(() => (busy ? holdUpdates('answer') : undefined), [busy]);
  return (
    <form onSubmit={submit} noValidate aria-label={t('player.answer.form')} data-testid="answer-form" data-kind={kind}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <Field value={sent} onChange={change} options={options} readOnly={readOnly} wrong={wrong} missing={missing} />
          {showResult && <ResultIcon ok={right} label={t(right ? 'player.answer.right' : 'player.answer.wrong')} testId="answer-result" />}
        </Group>
        <ResultAnnouncement message={message} attempt={tries} testId="answer-announcement" />
        {notCounted && (
          <Alert color="orange" variant="light" data-testid="answer-not-counted" data-reason={result}>
            {notCounted}
          </Alert>
        )}
        {result === 'queued' && (
          <Alert color="yellow" variant="light" data-testid="answer-queued">
            {t('player.answer.queued')}
          </Alert>
        )}
        {result === 'wait' && (
          <Alert color="orange" variant="light" data-testid="answer-wait">
            {t('player.answer.wait')}
          </Alert>
        )}
        {!answered && (
          <Button type="submit" size="lg" fullWidth loading={result === 'checking'}>
            {t('player.answer.submit')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
