import { useMemo } from 'react';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportRange } from './api.ts';
import { monthLabel, pickableMonths } from './report-range.ts';

/** The report's months: two month pickers, newest first; a `from` after `to` (or the reverse) cannot be picked. */
export function MonthRange({ range, onChange }: { range: ReportRange; onChange(range: ReportRange): void }) {
  const { t, i18n } = useTranslation('studio');
  const months = useMemo(() => pickableMonths().map((month) => ({ value: month, label: monthLabel(month, i18n.language) })), [i18n.language]);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="reports-range">
      <Select
        label={t('finance.range.from')}
        data={months.map((option) => ({ ...option, disabled: option.value > range.to }))}
        value={range.from}
        onChange={(from) => from && onChange({ ...range, from })}
        allowDeselect={false}
        w="12rem"
        maw="100%"
        data-testid="reports-from"
      />
      <Select
        label={t('finance.range.to')}
        data={months.map((option) => ({ ...option, disabled: option.value < range.from }))}
        value={range.to}
        onChange={(to) => to && onChange({ ...range, to })}
        allowDeselect={false}
        w="12rem"
        maw="100%"
        data-testid="reports-to"
      />
    </Group>
  );
}
