import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GameStatus } from '@streethunt/shared';

const COLORS: Record<GameStatus, string> = { DRAFT: 'gray', PENDING: 'yellow', APPROVED: 'teal' };
/**
 * The label's dark shade on the light background, readable (AA, 4.5:1) in both directions: Mantine's
 * darkest yellow (#e67700) reaches 2.8:1 on its own light yellow, so PENDING is a dark amber (5.8:1).
 */
const TEXT: Record<GameStatus, string> = { DRAFT: 'var(--mantine-color-gray-9)', PENDING: '#8f5400', APPROVED: 'var(--mantine-color-teal-9)' };

/** A game's status in the creator's words (spec section 3: DRAFT, PENDING, APPROVED). */
export function StatusBadge({ status }: { status: GameStatus }) {
  const { t } = useTranslation('studio');
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      // Whole, never cut to an ellipsis: a table column would otherwise shrink it to its first letters.
      styles={{ root: { minInlineSize: 'max-content' }, label: { color: TEXT[status], overflow: 'visible', textOverflow: 'clip' } }}
      data-status={status}
    >
      {t(`studio.status.${status}`)}
    </Badge>
  );
}
