import { Group, Progress, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { QuestionStats } from '@streethunt/shared';
import { KEYBOARD_SCROLL_AREA } from '../../ui/studio/table-scroll.ts';

type Row = QuestionStats & { number: number };
const MEASURES = ['reached', 'answered', 'skipped', 'hintsOpened'] as const;

/** A count and a bar of its share: the number is what is read, the bar is for the eye. */
function Bar({ value, of, color }: { value: number; of: number; color: string }) {
  return (
    <Group gap="xs" wrap="nowrap" miw="7rem">
      <Text size="sm" w="2.5rem" ta="end">
        {value}
      </Text>
      <Progress value={of > 0 ? (value / of) * 100 : 0} color={color} size="md" style={{ flex: 1 }} aria-hidden />
    </Group>
  );
}

const COLORS: Record<(typeof MEASURES)[number], string> = { reached: 'blue', answered: 'teal', skipped: 'orange', hintsOpened: 'grape' };

/**
 * Per question, over the plays shown: how many could reach it (a play a branch took past it does not),
 * reached it, answered, skipped, and how many hints were opened (the reply's `questions`); and at a
 * fork, how many took each way. Reached, answered and skipped are drawn against the plays that could
 * reach the question, those against the plays begun, hints against the question with the most.
 */
export function QuestionStatsTable({ stats, plays }: { stats: readonly QuestionStats[]; plays: number }) {
  const { t } = useTranslation('studio');
  const mostHints = Math.max(0, ...stats.map((question) => question.hintsOpened));
  const forks = stats.some((question) => question.branches);
  const columns: DataTableColumn<Row>[] = [
    { accessor: 'number', title: t('myActiveGames.stats.question'), width: '5rem' },
    { accessor: 'couldReach', title: t('myActiveGames.stats.couldReach'), render: (row) => <Bar value={row.couldReach} of={plays} color="gray" /> },
    ...MEASURES.map(
      (measure): DataTableColumn<Row> => ({
        accessor: measure,
        title: t(`myActiveGames.stats.${measure}`),
        render: (row) => <Bar value={row[measure]} of={measure === 'hintsOpened' ? mostHints : row.couldReach} color={COLORS[measure]} />,
      }),
    ),
    ...(forks
      ? [
          {
            accessor: 'branches',
            title: t('myActiveGames.stats.branches'),
            render: (row: Row) =>
              row.branches ? (
                <Stack gap={2} data-testid="branches-taken">
                  {row.branches.map((branch) => (
                    <Text key={branch.option} size="sm" dir="auto">
                      {t('myActiveGames.stats.branchTaken', { text: branch.text, count: branch.plays })}
                    </Text>
                  ))}
                </Stack>
              ) : null,
          } satisfies DataTableColumn<Row>,
        ]
      : []),
  ];
  return (
    <DataTable<Row>
      aria-label={t('myActiveGames.stats.title')}
      idAccessor="number"
      records={stats.map((question, index) => ({ ...question, number: index + 1 }))}
      columns={columns}
      withTableBorder
      borderRadius="md"
      scrollAreaProps={KEYBOARD_SCROLL_AREA}
      minHeight={stats.length === 0 ? 120 : undefined}
      noRecordsText={t('myActiveGames.stats.none')}
    />
  );
}
