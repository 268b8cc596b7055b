import type { MantineTheme, ScrollAreaProps } from '@mantine/core';

/**
 * A table wider than a phone scrolls sideways inside its box, and its scrollbar shows whenever it
 * does (not only on hover, which a phone never has): what does not fit is visibly there. Keyboard
 * users can scroll it only if the box takes focus (axe: scrollable-region-focusable), which matters
 * most when no cell holds a link or a button to tab into.
 */
export const KEYBOARD_SCROLL_AREA = { type: 'auto', viewportProps: { tabIndex: 0 } } satisfies Partial<ScrollAreaProps>;

/**
 * A column shown only from the `sm` breakpoint: on a phone it would push a key column under the
 * pinned actions while saying nothing another column does not (mantine-datatable's visibleMediaQuery).
 */
export const FROM_SM = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;
