import { Anchor } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EventSummary } from '@streethunt/shared';
import { useNow } from '../../ui/game/use-now.ts';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { useClientPaging } from '../../ui/paged-table/use-client-paging.ts';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { FROM_SM } from '../../ui/studio/table-scroll.ts';
import { eventPhase } from './event-phase.ts';
import { PhaseBadge } from './phase-badge.tsx';

/** An event starting or ending while the list is open shows it within this long. */
const PHASE_TICK_MS = 30_000;

/** The organiser's events, each leading to its control room. */
export function EventsTable({ events }: { events: readonly EventSummary[] }) {
  const { t, i18n } = useTranslation('studio');
  const now = useNow(true, PHASE_TICK_MS);
  const { records, paging } = useClientPaging(events);

  const columns: DataTableColumn<EventSummary>[] = [
    {
      accessor: 'name',
      title: t('events.list.name'),
      render: (event) => (
        <Anchor component={Link} to={`/events/${encodeURIComponent(event.id)}`} fw={600} size="sm" dir="auto">
          {event.name}
        </Anchor>
      ),
    },
    { accessor: 'phase', title: t('events.list.phase'), noWrap: true, render: (event) => <PhaseBadge phase={eventPhase(event, now)} /> },
    {
      accessor: 'gameName',
      title: t('events.list.game'),
      // On a phone the event's own name, its state and its start are what tell events apart.
      visibleMediaQuery: FROM_SM,
      // Inline, so a name in the other script still lines up with the column.
      render: (event) => <bdi dir="auto">{event.gameName}</bdi>,
    },
    { accessor: 'startsAt', title: t('events.list.startsAt'), noWrap: true, render: (event) => formatDateTime(event.startsAt, i18n.language) },
    { accessor: 'endsAt', title: t('events.list.endsAt'), noWrap: true, visibleMediaQuery: FROM_SM, render: (event) => formatDateTime(event.endedAt ?? event.endsAt, i18n.language) },
    { accessor: 'teamCount', title: t('events.list.teams'), visibleMediaQuery: FROM_SM },
  ];

  return <PagedTable<EventSummary> label={t('events.list.label')} records={records} columns={columns} paging={paging} idAccessor="id" />;
}
