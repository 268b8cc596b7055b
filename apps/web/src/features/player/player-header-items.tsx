import { lazy, Suspense } from 'react';
import { IconInfoCircle, IconListCheck, IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@streethunt/shared';
import { HeaderTab } from '../../ui/header-tab.tsx';
import type { DisplayPage } from './play-context.tsx';

const HeaderLanguageTab = lazy(() => import('./game-language-controls.tsx').then((m) => ({ default: m.HeaderLanguageTab })));

/** A game offered in more than one language: those, the one shown, and the switch to another. */
export type HeaderLanguages = { offered: readonly Language[]; current: Language; onChoose(language: Language): void };

/**
 * The header items on a game page (spec section 2): Map (only with a map), Questions, Intro. The item
 * of the page shown is the current one; the code entry (page 'payment') is none of them, so none is.
 * A game in two languages adds the other one (its flag and name): the switch is there mid-game too.
 */
export function PlayerHeaderItems({
  page,
  hasMap,
  onSelect,
  languages,
}: {
  page: DisplayPage;
  hasMap: boolean;
  onSelect(page: DisplayPage): void;
  languages?: HeaderLanguages;
}) {
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
      {languages && languages.offered.length > 1 && (
        <Suspense fallback={null}>
          <HeaderLanguageTab languages={languages} />
        </Suspense>
      )}
    </>
  );
}
