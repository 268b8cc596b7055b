import { useDirection } from '@mantine/core';
import { KEYBOARD_SCROLL_AREA } from '../../ui/studio/table-scroll.ts';

/** Amounts line up at the end of their cells: the right in English, the left in Hebrew. */
export function useAmountAlign(): 'left' | 'right' {
  return useDirection().dir === 'rtl' ? 'left' : 'right';
}

/** What every report table shares: a border, stripes, and sideways scrolling inside itself on a phone. */
export const REPORT_TABLE = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  scrollAreaProps: KEYBOARD_SCROLL_AREA,
} as const;
