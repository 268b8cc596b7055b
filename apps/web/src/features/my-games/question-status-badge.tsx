import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuestionStatus } from '@streethunt/shared';

const COLORS: Record<QuestionStatus | 'none', string> = {
  none: 'gray',
  STARTED: 'blue',
  ANSWERED: 'teal',
  DONE: 'teal',
  SOLUTION: 'orange',
  SKIPPED: 'orange',
};

/** A question's state in a play (spec section 4), in the creator's language; no status is 'not started'. */
export function QuestionStatusBadge({ status }: { status: QuestionStatus | null }) {
  const { t } = useTranslation('studio');
  const key = status ?? 'none';
  return (
    <Badge color={COLORS[key]} variant="light" styles={{ label: { color: `var(--mantine-color-${COLORS[key]}-9)` } }} data-status={key}>
      {t(`myActiveGames.questionStatus.${key}`)}
    </Badge>
  );
}
