import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { MonthEarnings } from './report-figures.ts';
import { money } from '../../ui/money.ts';
import { shortMonthLabel } from './report-range.ts';

/**
 * Earnings per month, stacked: as a builder (net) and as an affiliate (shares). Its own chunk (recharts
 * is large), so the tables show while it loads. Inside an element with role img and a name: the
 * section's hidden table gives the figures. In Hebrew it is mirrored: the months run right to left
 * and the value axis stands on the right, as the page reads. The month ticks are evenly spaced (every
 * month, or every second one when they do not fit), counted from the first.
 */
export default function SalesBarChart({ months, height }: { months: MonthEarnings[]; height: number }) {
  const { t, i18n } = useTranslation('studio');
  const data = months.map((entry) => ({ ...entry, label: shortMonthLabel(entry.month, i18n.language) }));
  const rtl = i18n.dir(i18n.language) === 'rtl';
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="label"
      type="stacked"
      series={[
        { name: 'builder', label: t('finance.chart.builder'), color: 'teal.6' },
        { name: 'affiliate', label: t('finance.chart.affiliate'), color: 'indigo.6' },
      ]}
      valueFormatter={(value) => money(value, i18n.language)}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      xAxisProps={{ reversed: rtl, interval: 'equidistantPreserveStart' }}
      yAxisProps={{ width: 72, orientation: rtl ? 'right' : 'left' }}
    />
  );
}
