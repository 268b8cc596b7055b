import { Table } from '@mantine/core';
import { useBuildersTexts } from '../../ui/texts/use-builders-texts.ts';
import { formatMoney, type Language, type SaleSplit } from '@streethunt/shared';
import { KEYBOARD_SCROLL_AREA } from '../../ui/studio/table-scroll.ts';
import { SPLIT_ROWS } from './builders-split.ts';

export type SplitColumn = { key: string; label: string; split: SaleSplit };

/**
 * One sale's split, row by row (price, VAT, price without VAT, commission, affiliate share, the builder's
 * amount), in one column per case. Narrow enough for a 360 px phone; if a long label still makes it
 * wider, it scrolls inside its own box rather than widening the page.
 */
export function SplitTable({ columns, labelledBy, testId }: { columns: SplitColumn[]; labelledBy: string; testId: string }) {
  const { t, i18n } = useBuildersTexts();
  const language: Language = i18n.language === 'en' ? 'en' : 'he';
  return (
    <Table.ScrollContainer minWidth={280} scrollAreaProps={KEYBOARD_SCROLL_AREA}>
      <Table aria-labelledby={labelledBy} data-testid={testId} withTableBorder verticalSpacing="xs" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('builders.rows.item')}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta="end">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SPLIT_ROWS.map((row) => {
            // The builder's amount is the answer the table is for: it stands out.
            const weight = row === 'builderShare' ? 700 : undefined;
            return (
              <Table.Tr key={row} data-row={row}>
                <Table.Th scope="row" fw={weight ?? 400}>
                  {t(`builders.rows.${row}`)}
                </Table.Th>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta="end" fw={weight} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(column.split[row], language)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
