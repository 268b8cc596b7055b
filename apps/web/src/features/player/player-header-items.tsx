import { IconInfoCircle, IconListCheck, IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HeaderTab } from '../../ui/header-tab.tsx';
import type { DisplayPage } from './play-context.tsx';

/**
 * The header items on a game page (spec section 2): Map (only with a map), Questions, Intro. The item
 * of the page shown is the current one; the code entry (page 'payment') is none of them, so none is.
 */
export function PlayerHeaderItems({ page, hasMap, onSelect }: { page: DisplayPage; hasMap: boolean; onSelect(page: DisplayPage): void }) {
  const { t } = useTranslation();
  const items = [
    ...(hasMap ? [{ page: 'map' as const, label: t('player.header.map'), icon: IconMap2 }] : []),
    { page: 'questions' as const, label: t('player.header.questions'), icon: IconListCheck },
    { page: 'intro' as const, label: t('player.header.intro'), icon: IconInfoCircle },
  ];
  return (
    <>
      {items.map((item) => (
        <HeaderTab
          key={item.page}
          icon={item.icon}
          label={item.label}
          active={page === item.page}
          onClick={() => onSelect(item.page)}
          testId={`header-${item.page}`}
        />
      ))}
    </>
  );
}
