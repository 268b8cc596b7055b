import type { ScrollAreaProps } from '@mantine/core';

/**
 * A table wider than a phone scrolls sideways inside its box, and its scrollbar shows whenever it
 * does (not only on hover, which a phone never has): what does not fit is visibly there. Keyboard
 * users can scroll it only if the box takes focus (axe: scrollable-region-focusable), which matters
 * most when no cell holds a link or a button to tab into.
 */
export const KEYBOARD_SCROLL_AREA = { type: 'auto', viewportProps: { tabIndex: 0 } } satisfies Partial<ScrollAreaProps>;
