import { Button, Table, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EventSummary, EventTeam } from '@streethunt/shared';
import { CodeSheet } from '../../ui/code-sheet/code-sheet.tsx';
import { gameUrlOf } from '../../ui/code-sheet/game-url.ts';
import { useQrSvg } from '../../ui/code-sheet/use-qr-svg.ts';
import { KEYBOARD_SCROLL_AREA } from '../../ui/studio/table-scroll.ts';
import { LIST_MAX_HEIGHT, RoomSection } from './room-section.tsx';

/**
 * The teams' codes, to hand out: listed here, and a printable sheet with a card per team (the code
 * and a QR code of the game's link), the same sheet the admin prints generated codes on.
 */
export function TeamCodes({ event, teams }: { event: EventSummary; teams: readonly EventTeam[] }) {
  const { t } = useTranslation('studio');
  const qrSvg = useQrSvg(gameUrlOf(event.gameId));
  const codes = teams.map((team) => team.code);
  return (
    <RoomSection
      title={t('events.codes.title')}
      testId="team-codes"
      aside={
        // Waits for the QR code, so the sheet never prints without it.
        <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} loading={!qrSvg}>
          {t('events.codes.print')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('events.codes.explain')}
      </Text>
      <Table.ScrollContainer minWidth={0} maxHeight={LIST_MAX_HEIGHT} scrollAreaProps={KEYBOARD_SCROLL_AREA}>
        <Table striped aria-label={t('events.codes.label')} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('events.codes.code')}</Table.Th>
              <Table.Th scope="col">{t('events.codes.team')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {teams.map((team) => (
              <Table.Tr key={team.id}>
                <Table.Td>
                  <Text span ff="monospace" fw={600} dir="ltr" data-testid="team-code">
                    {team.code}
                  </Text>
                </Table.Td>
                <Table.Td>{team.name === null ? <Text span size="sm" fs="italic" c="dimmed">{t('events.team.unnamed')}</Text> : <bdi dir="auto">{team.name}</bdi>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CodeSheet
        name={event.name}
        codes={codes}
        qrSvg={qrSvg}
        texts={{ title: t('events.codes.sheetTitle', { event: event.name }), howTo: t('events.codes.howTo'), qrAlt: t('events.codes.qrAlt') }}
      />
    </RoomSection>
  );
}
