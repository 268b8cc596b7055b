import { ActionIcon, Group, Loader, Menu, Tooltip } from '@mantine/core';
import { IconCopy, IconDots, IconDownload, IconExternalLink, IconKey, IconMap, IconPencil, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyGame } from '@streethunt/shared';

export type RowActionHandlers = {
  onCreateCode(game: MyGame): void;
  onDuplicate(game: MyGame): void;
  onExport(game: MyGame): void;
  onExportMap(game: MyGame, format: 'gpx' | 'kml'): void;
  /** The game whose action is running, if any. */
  busyGameId: string | null;
};

/**
 * A row's actions: edit at hand, the others in a menu, so the column stays narrow on a phone. Each
 * control is named with the game, for screen readers going down the column.
 */
export function GameRowActions({ game, name, handlers }: { game: MyGame; name: string; handlers: RowActionHandlers }) {
  const { t } = useTranslation('studio');
  const id = encodeURIComponent(game._id);
  const editLabel = t('myGames.actions.edit', { name });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={editLabel} withinPortal>
        <ActionIcon component={Link} to={`/game-editor/${id}`} variant="subtle" size="lg" aria-label={editLabel}>
          <IconPencil size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={t('myGames.actions.more', { name })} aria-busy={handlers.busyGameId === game._id}>
            {handlers.busyGameId === game._id ? <Loader size={16} /> : <IconDots size={20} aria-hidden />}
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconKey size={18} aria-hidden />} onClick={() => handlers.onCreateCode(game)}>
            {t('myGames.actions.createCode')}
          </Menu.Item>
          {/* Only an approved game can be played live by many teams. */}
          {game.status === 'APPROVED' && (
            <Menu.Item component={Link} to={`/events/new?gameId=${id}`} leftSection={<IconUsersGroup size={18} aria-hidden />}>
              {t('myGames.actions.makeEvent')}
            </Menu.Item>
          )}
          <Menu.Item component="a" href={`/game/${id}`} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={18} aria-hidden />}>
            {t('myGames.actions.open')}
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={18} aria-hidden />} onClick={() => handlers.onDuplicate(game)}>
            {t('myGames.actions.duplicate')}
          </Menu.Item>
          <Menu.Item leftSection={<IconDownload size={18} aria-hidden />} onClick={() => handlers.onExport(game)}>
            {t('myGames.actions.export')}
          </Menu.Item>
          <Menu.Item leftSection={<IconMap size={18} aria-hidden />} onClick={() => handlers.onExportMap(game, 'gpx')}>
            {t('myGames.actions.exportGpx')}
          </Menu.Item>
          <Menu.Item leftSection={<IconWorld size={18} aria-hidden />} onClick={() => handlers.onExportMap(game, 'kml')}>
            {t('myGames.actions.exportKml')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
