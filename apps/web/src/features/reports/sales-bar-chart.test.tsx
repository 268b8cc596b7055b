import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderUi } from '../../test/render-ui.tsx';
import SalesBarChart from './sales-bar-chart.tsx';

/** happy-dom lays nothing out: the chart's container reports a size, as a browser would. */
function giveElementsASize() {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(260);
  class SizedResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target, contentRect: { width: 600, height: 260 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
}

describe('the sales chart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('stacks the builder and affiliate earnings of each month, with a legend and axis in the language', async () => {
    giveElementsASize();
    const months = [
      { month: '2026-01', builder: 10102, affiliate: 0 },
      { month: '2026-02', builder: 0, affiliate: 848 },
      { month: '2026-03', builder: 5475, affiliate: 848 },
    ];
    const { container, missing } = await renderUi(<SalesBarChart months={months} height={260} />, 'he');
    await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0));
    // One bar per month and series.
    expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(6);
    expect(container.textContent).toContain('כבוני משחקים');
    expect(container.textContent).toContain('כשותפים משווקים');
    expect(container.textContent).toContain('ינו׳ 26');
    expect(missing).toEqual([]);
  });

  it.each([
    ['he', 'right', true],
    ['en', 'left', false],
  ] as const)('in %s the value axis stands on the %s, and the months run as the page reads', async (language, side, reversed) => {
    giveElementsASize();
    const months = [
      { month: '2026-01', builder: 100, affiliate: 0 },
      { month: '2026-02', builder: 200, affiliate: 0 },
      { month: '2026-03', builder: 300, affiliate: 0 },
    ];
    const { container } = await renderUi(<SalesBarChart months={months} height={260} />, language);
    await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBe(6));
    const xOf = (tick: Element) => Number(tick.getAttribute('x'));
    const ticks = [...container.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick-value')].map((tick) => ({ x: xOf(tick), text: tick.textContent }));
    const xs = ticks.map((tick) => tick.x);
    expect(xs).toHaveLength(3);
    // The value axis's figures stand beyond the months on its side.
    const valueXs = [...container.querySelectorAll('.recharts-yAxis .recharts-cartesian-axis-tick-value')].map(xOf);
    expect(valueXs.length).toBeGreaterThan(0);
    expect(side === 'right' ? Math.min(...valueXs) > Math.max(...xs) : Math.max(...valueXs) < Math.min(...xs)).toBe(true);
    // The first month's tick is the leftmost in English, the rightmost in Hebrew.
    const first = ticks.find((tick) => tick.text?.includes(language === 'he' ? 'ינו' : 'Jan'));
    expect(first?.x).toBe(reversed ? Math.max(...xs) : Math.min(...xs));
  });
});
