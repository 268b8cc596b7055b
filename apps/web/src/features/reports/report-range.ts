import { addMonths, isMonth, monthOf } from '@streethunt/shared';
import type { ReportRange } from './api.ts';

/** A report opens on the last 12 months, this one included (as the server's default). */
const DEFAULT_MONTHS = 12;
/** How far back the month pickers reach: the server reports at most 60 months at once. */
const PICKABLE_MONTHS = 60;

/** The months one can pick, newest first: this month (Israel time, as the money is counted) and the ones before it. */
export function pickableMonths(now = new Date()): string[] {
  const current = monthOf(now);
  return Array.from({ length: PICKABLE_MONTHS }, (_, index) => addMonths(current, -index));
}

/**
 * The range in the address (`?from=YYYY-MM&to=YYYY-MM`), each part checked: a month that is missing,
 * malformed or outside the pickers' reach falls back to the default (to: this month; from: 11 before
 * `to`), and a `from` after `to` becomes `to`.
 */
export function parseRange(params: URLSearchParams, now = new Date()): ReportRange {
  const months = pickableMonths(now);
  const earliest = months[months.length - 1];
  const pickable = (value: string | null): value is string => isMonth(value) && value >= earliest && value <= months[0];
  const toParam = params.get('to');
  const fromParam = params.get('from');
  const to = pickable(toParam) ? toParam : months[0];
  const fallbackFrom = addMonths(to, -(DEFAULT_MONTHS - 1));
  const from = pickable(fromParam) ? fromParam : fallbackFrom < earliest ? earliest : fallbackFrom;
  return { from: from > to ? to : from, to };
}

/** The range as the address's query. */
export function rangeParams({ from, to }: ReportRange): URLSearchParams {
  return new URLSearchParams({ from, to });
}

/** 'April 2026' / 'אפריל 2026'. */
export function monthLabel(month: string, language: string): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** 'Apr 26' / 'אפר׳ 26': a chart's axis has little room. */
export function shortMonthLabel(month: string, language: string): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return new Intl.DateTimeFormat(language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(date);
}
