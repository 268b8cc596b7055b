import { Transition } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from './render-ui.tsx';

describe('the test providers', () => {
  it('run with motion reduced, so a transition ends at once and leaves no timer behind the test', async () => {
    expect(window.matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
    const entered = vi.fn();
    const shown = (mounted: boolean) => (
      <Transition mounted={mounted} duration={400} onEntered={entered}>
        {(style) => <p style={style}>shown</p>}
      </Transition>
    );
    const { rerender } = await renderUi(shown(false));
    rerender(shown(true));
    expect(entered).toHaveBeenCalledTimes(1);
  });
});
