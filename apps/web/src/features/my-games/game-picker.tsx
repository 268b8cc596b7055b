import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MyGame } from '@streethunt/shared';
import { useGameName } from './use-game-actions.ts';

/** Picks one of the creator's games, searchable by name (the reports ask 'which game?'). */
type Props = {
  games: readonly MyGame[];
  value: string | null;
  onChange(gameId: string | null): void;
  error?: string;
  /** In a row beside other fields it grows to share it; alone in a column it is only as tall as itself. */
  inRow?: boolean;
};

export function GamePicker({ games, value, onChange, error, inRow = false }: Props) {
  const { t } = useTranslation('studio');
  const nameOf = useGameName();
  return (
    <Select
      label={t('myGames.picker.label')}
      placeholder={t('myGames.picker.placeholder')}
      nothingFoundMessage={t('myGames.picker.nothingFound')}
      data={games.map((game) => ({ value: game._id, label: nameOf(game) }))}
      value={value}
      onChange={onChange}
      // Options run their own way; the input keeps the page's direction (dir="auto" there put a
      // Hebrew name under the chevron of an English page: Mantine pads the page's inline end).
      renderOption={({ option }) => <span dir="auto">{option.label}</span>}
      searchable
      allowDeselect={false}
      error={error}
      comboboxProps={{ withinPortal: true }}
      style={inRow ? { flex: '1 1 16rem', minWidth: 0 } : undefined}
    />
  );
}
