import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { announce, announceOnce, Announcer, resetAnnouncer, useAnnounceNew } from './announcer.tsx';

function News({ items, sayFirst }: { items: Array<{ key: string; text: string }>; sayFirst?: boolean }) {
  useAnnounceNew(items, sayFirst ? { sayFirst } : {});
  return null;
}

const polite = () => screen.getByTestId('announce-polite').textContent;

function renderWith(ui: React.ReactNode) {
  return render(
    <MantineProvider>
      {ui}
      <Announcer />
    </MantineProvider>,
  );
}

describe('the app’s live regions', () => {
  afterEach(() => act(resetAnnouncer));

  it('are a polite status and an assertive alert, and say the same words twice by telling them apart', () => {
    renderWith(null);
    expect(screen.getByTestId('announce-polite').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByTestId('announce-assertive').getAttribute('role')).toBe('alert');
    act(() => announce('Hint opened'));
    expect(polite()).toBe('Hint opened');
    act(() => announce('Hint opened'));
    expect(polite()).toBe('Hint opened\u00a0');
    act(() => announce('Time is up', 'assertive'));
    expect(screen.getByTestId('announce-assertive').textContent).toBe('Time is up');
  });

  it('say news with a key once', () => {
    renderWith(null);
    const said: boolean[] = [];
    act(() => {
      said.push(announceOnce('k', 'Arrived'));
      announce('something else');
      said.push(announceOnce('k', 'Arrived'));
    });
    expect(said).toEqual([true, false]);
    expect(polite()).toBe('something else');
  });

  it('say what is new after the first render, not what was there already, unless asked', () => {
    const { rerender } = renderWith(<News items={[{ key: 'a', text: 'Hint 1 opened' }]} />);
    expect(polite()).toBe('');
    rerender(
      <MantineProvider>
        <News items={[{ key: 'a', text: 'Hint 1 opened' }, { key: 'b', text: 'Hint 2 opened' }]} />
        <Announcer />
      </MantineProvider>,
    );
    expect(polite()).toBe('Hint 2 opened');
    act(resetAnnouncer);
    renderWith(<News items={[{ key: 'm1', text: 'Message: meet at noon' }]} sayFirst />);
    expect(screen.getAllByTestId('announce-polite').at(-1)?.textContent).toBe('Message: meet at noon');
  });
});
