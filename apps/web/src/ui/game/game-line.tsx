import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GameReply } from '@streethunt/shared';
import { Price } from '../price.tsx';

type Metadata = Pick<GameReply['metadata'], 'name' | 'price' | 'currencyCode'>;

/** The game's price as a badge ('free' for a free game), named 'price' for screen readers. */
export function GamePrice({ metadata }: { metadata: Metadata }) {
  const { t } = useTranslation();
  return (
    <Badge size="lg" variant="light" color="teal" tt="none" style={{ flex: 'none' }} data-testid="game-price">
      <VisuallyHidden>{`${t('player.intro.price')}: `}</VisuallyHidden>
      <Price price={metadata.price} currencyCode={metadata.currencyCode} />
    </Badge>
  );
}

/** Which game is being bought or entered, and its price: under the title of the code and purchase screens. */
export function GameLine({ metadata }: { metadata: Metadata }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap" align="center" data-testid="game-line">
      <Text fw={600} dir="auto" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {metadata.name.trim() || t('player.intro.title')}
      </Text>
      <GamePrice metadata={metadata} />
    </Group>
  );
}
