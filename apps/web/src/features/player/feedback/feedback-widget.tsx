import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@streethunt/shared';
import { ApiError, NetworkError, apiRequest } from '../../../api/client.ts';
import { StarRating } from './star-rating.tsx';

export type FeedbackWidgetProps = {
  gameId: string;
  /** The play's code (from the game-over page)… */
  secretCode?: string;
  /** …with the play's grant when kept (the feedback goes through from an address blocked for wrong codes)… */
  grant?: string;
  /** …or the single-use token of the emailed link. */
  token?: string;
  /** The language the phone shows the game in (the game reply's metadata.language), kept with the rating; none from the emailed link. */
  language?: Language;
  onDone?: () => void;
};

const RATINGS = ['general', 'questions', 'path'] as const;
type RatingName = (typeof RATINGS)[number];
type Ratings = Record<RatingName, number | null>;

const OPEN_ANSWER_MAX = 2000;
/** The three rating screens, then the comment. */
const STEPS = RATINGS.length + 1;

export type FeedbackBody = {
  general: number;
  questions: number;
  path: number;
  openAnswer: string;
  secretCode?: string;
  grant?: string;
  token?: string;
  language?: Language;
};

/** POST /api/feedback/game/{gameId}. */
function sendFeedback(gameId: string, body: FeedbackBody): Promise<unknown> {
  return apiRequest(`/api/feedback/game/${encodeURIComponent(gameId)}`, { method: 'POST', body });
}

function feedbackError(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('feedback.errors.network');
  if (error instanceof ApiError && error.code === 'invalid_token') return t('feedback.errors.invalidLink');
  if (error instanceof ApiError && error.status < 500 && error.message.trim()) {
    return t('feedback.errors.withMessage', { message: error.message.trim() });
  }
  return t('feedback.errors.generic');
}

/**
 * The feedback widget (spec section 2): three 5-star screens (general, questions, path), each with
 * continue disabled until a star is chosen, then an optional comment and send. A failed send keeps
 * everything for a retry. A play rated already (409: the game-over page sent one before) ends the
 * widget too, saying the earlier rating stays: never a thank-you for a rating the server did not keep.
 */
export function FeedbackWidget({ gameId, secretCode, grant, token, language, onDone }: FeedbackWidgetProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [ratings, setRatings] = useState<Ratings>({ general: null, questions: null, path: null });
  const [openAnswer, setOpenAnswer] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const hintId = useId();

  const send = useMutation({
    mutationFn: async (body: FeedbackBody): Promise<'kept' | 'rated-before'> => {
      try {
        await sendFeedback(gameId, body);
        return 'kept';
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) return 'rated-before';
        throw error;
      }
    },
    onSuccess: () => onDone?.(),
  });

  // After moving between screens, take keyboard and screen-reader focus to the new screen.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step, send.isSuccess]);

  const go = (next: number) => {
    moved.current = true;
    setStep(next);
  };

  if (send.isSuccess) {
    const kept = send.data === 'kept';
    return (
      <Alert
        color={kept ? 'teal' : 'blue'}
        variant="light"
        icon={kept ? <IconCircleCheck aria-hidden /> : <IconInfoCircle aria-hidden />}
        role="status"
        data-testid={kept ? 'feedback-thanks' : 'feedback-rated-before'}
      >
        <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
          {t(kept ? 'feedback.thanks' : 'feedback.alreadyRated')}
        </Title>
      </Alert>
    );
  }

  const submit = () => {
    const { general, questions, path } = ratings;
    if (general === null || questions === null || path === null) return;
    const credentials = secretCode ? { secretCode, ...(grant && { grant }) } : token ? { token } : {};
    send.mutate({ general, questions, path, openAnswer: openAnswer.trim(), ...credentials, ...(language && { language }) });
  };

  const rating = step < RATINGS.length ? RATINGS[step] : null;
  return (
    <Stack gap="md" data-testid="feedback-widget" data-step={step}>
      <div>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('feedback.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('feedback.step', { current: step + 1, total: STEPS })}
        </Text>
      </div>
      {rating ? (
        <>
          <StarRating
            key={rating}
            legend={t(`feedback.${rating}`)}
            value={ratings[rating]}
            onChange={(value) => setRatings((previous) => ({ ...previous, [rating]: value }))}
          />
          {ratings[rating] === null && (
            <Text size="sm" c="dimmed" id={hintId}>
              {t('feedback.chooseStar')}
            </Text>
          )}
          <Group gap="sm">
            {step > 0 && (
              <Button variant="default" size="md" onClick={() => go(step - 1)}>
                {t('feedback.back')}
              </Button>
            )}
            <Button
              size="md"
              disabled={ratings[rating] === null}
              aria-describedby={ratings[rating] === null ? hintId : undefined}
              onClick={() => go(step + 1)}
              style={{ flexGrow: 1 }}
            >
              {t('feedback.continue')}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Textarea
            label={t('feedback.comment')}
            dir="auto"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={OPEN_ANSWER_MAX}
            value={openAnswer}
            onChange={(event) => setOpenAnswer(event.currentTarget.value)}
            description={t('feedback.commentCount', { count: openAnswer.length, max: OPEN_ANSWER_MAX })}
            readOnly={send.isPending}
          />
          {send.isError && (
            <Alert color="red" variant="light" role="alert" data-testid="feedback-error">
              {feedbackError(send.error, t)}
            </Alert>
          )}
          <Group gap="sm">
            <Button variant="default" size="md" onClick={() => go(step - 1)} disabled={send.isPending}>
              {t('feedback.back')}
            </Button>
            <Button size="md" onClick={submit} loading={send.isPending} style={{ flexGrow: 1 }}>
              {t('feedback.send')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
