import { memo, useMemo } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EventSummary, EventTeam } from '@streethunt/shared';
import { CodeSheet } from '../../ui/code-sheet/code-sheet.tsx';
import { gameUrlOf } from '../../ui/code-sheet/game-url.ts';
import { useQrSvg } from '../../ui/code-sheet/use-qr-svg.ts';
import type { DataTableColumn } from 'mantine-datatable';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { useClientPaging } from '../../ui/paged-table/use-client-paging.ts';
import { RoomSection } from './room-section.tsx';

/**
 * The teams' codes, to hand out: listed here, and a printable sheet with a card per team (the code
 * and a QR code of the game's link), the same sheet the admin prints generated codes on. The list
 * shows a page at a time; the sheet has every team.
 */
export function TeamCodes({ event, teams }: { event: EventSummary; teams: readonly EventTeam[] }) {
  const { t } = useTranslation('studio');
  const qrSvg = useQrSvg(gameUrlOf(event.gameId));
  // The codes never change while the teams do (hundreds of times a second with a thousand teams): the sheet is drawn again only for new codes.
  const codesKey = teams.map((team) => team.code).join('\n');
  const codes = useMemo(() => (codesKey ? codesKey.split('\n') : []), [codesKey]);
  const { records, paging } = useClientPaging(teams);
  const columns: DataTableColumn<EventTeam>[] = [
    {
      accessor: 'code',
      title: t('events.codes.code'),
      render: (team) => (
        <Text span ff="monospace" fw={600} dir="ltr" data-testid="team-code">
          {team.code}
        </Text>
      ),
    },
    {
      accessor: 'name',
      title: t('events.codes.team'),
      render: (team) =>
        team.name === null ? (
          <Text span size="sm" fs="italic" c="dimmed">
            {t('events.team.unnamed')}
          </Text>
        ) : (
          <bdi dir="auto">{team.name}</bdi>
        ),
    },
  ];
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
      <PagedTable<EventTeam> label={t('events.codes.label')} records={records} paging={paging} columns={columns} idAccessor="id" highlightOnHover={false} />
      <MemoCodeSheet
        name={event.name}
        codes={codes}
        qrSvg={qrSvg}
        title={t('events.codes.sheetTitle', { event: event.name })}
        howTo={t('events.codes.howTo')}
        qrAlt={t('events.codes.qrAlt')}
      />
    </RoomSection>
  );
}

/** The printable sheet, drawn again only when what it shows changes. */
const MemoCodeSheet = memo(function MemoCodeSheet({ name, codes, qrSvg, title, howTo, qrAlt }: { name: string; codes: readonly string[]; qrSvg: string | undefined; title: string; howTo: string; qrAlt: string }) {
  return <CodeSheet name={name} codes={codes} qrSvg={qrSvg} texts={{ title, howTo, qrAlt }} />;
});
