import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GameStatus } from '@streethunt/shared';

/** Dark shades on light backgrounds: readable (AA) in both directions. */
const COLORS: Record<GameStatus, string> = { DRAFT: 'gray', PENDING: 'yellow', APPROVED: 'teal' };

/** A game's status in the creator's words (spec section 3: DRAFT, PENDING, APPROVED). */
export function StatusBadge({ status }: { status: GameStatus }) {
  const { t } = useTranslation('studio');
  return (
    <Badge color={COLORS[status]} variant="light" styles={{ label: { color: `var(--mantine-color-${COLORS[status]}-9)` } }} data-status={status}>
      {t(`studio.status.${status}`)}
    </Badge>
  );
}
