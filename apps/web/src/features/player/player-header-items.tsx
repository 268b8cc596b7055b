import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DisplayPage } from './play-context.tsx';

/** The header items on a game page (spec section 2): Map (only with a map), Questions, Intro. */
export function PlayerHeaderItems({ page, hasMap, onSelect }: { page: DisplayPage; hasMap: boolean; onSelect(page: DisplayPage): void }) {
  const { t } = useTranslation();
  const items: Array<{ page: DisplayPage; label: string }> = [
    ...(hasMap ? [{ page: 'map' as const, label: t('player.header.map') }] : []),
    { page: 'questions', label: t('player.header.questions') },
    { page: 'intro', label: t('player.header.intro') },
  ];
  return (
    <>
      {items.map((item) => {
        const active = page === item.page || (item.page === 'questions' && page === 'payment');
        return (
          <Button
            key={item.page}
            variant={active ? 'light' : 'subtle'}
            size="compact-md"
            px={6}
            color={active ? 'teal' : 'dark'}
            aria-current={active ? 'page' : undefined}
            onClick={() => onSelect(item.page)}
            data-testid={`header-${item.page}`}
          >
            {item.label}
          </Button>
        );
      })}
    </>
  );
}
