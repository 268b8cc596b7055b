import { useTranslation } from 'react-i18next';
import type { AdminGame } from '@streethunt/shared';

/** How the generate-codes page names a game: its name (or 'untitled'), and in the picker 'name · city (status)'. */
export function useCodeGameNames() {
  const { t } = useTranslation('studio');
  const nameOf = (game: AdminGame) => game.metadata.name.trim() || t('studio.untitled');
  const optionOf = (game: AdminGame) => {
    const city = game.metadata.locationCity.trim();
    return `${nameOf(game)}${city ? ` · ${city}` : ''} (${t(`studio.status.${game.status}`)})`;
  };
  return { nameOf, optionOf };
}
