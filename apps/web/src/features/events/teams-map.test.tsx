import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderUi } from '../../test/render-ui.tsx';
import type { TeamPin } from './team-pins.ts';
import TeamsMap from './teams-map.tsx';

// happy-dom lays nothing out: Leaflet reads the map's size from clientWidth/clientHeight, so the map
// gets a laptop's panel (600 x 400) and fits its view as in a browser.
const sizes = ['clientWidth', 'clientHeight'] as const;
const saved = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
beforeAll(() => {
  for (const [key, value] of [
    ['clientWidth', 600],
    ['clientHeight', 400],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, key, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('leaflet-container') ? value : 0;
      },
    });
  }
});
afterAll(() => {
  sizes.forEach((key, i) => {
    if (saved[i]) Object.defineProperty(HTMLElement.prototype, key, saved[i]);
  });
});

const pin = (id: string, label: string, lat: number, lng: number): TeamPin => ({ id, label, lat, lng, state: 'playing' });
const pinLabels = () => [...document.querySelectorAll<HTMLElement>('[data-testid="team-pin"]')].map((element) => element.textContent);

describe('the teams on the control room’s map', () => {
  it('teams at one spot are one circle that lists them on a tap; a team far away keeps its own dot and name; a team that moves away leaves the circle', async () => {
    // Four teams in the square (two at the very same spot), one a few kilometres away.
    const square = [pin('t1', 'Owls', 32.0853, 34.7818), pin('t2', 'Foxes', 32.0853, 34.7818), pin('t3', 'הנמרים', 32.08531, 34.78181), pin('t4', 'Lions', 32.08529, 34.78179)];
    const far = pin('t5', 'Eagles', 32.11, 34.83);
    const { t, rerender } = await renderUi(<TeamsMap pins={[...square, far]} tileUrl="" height={400} />, 'en');
    const circle = await screen.findByRole('button', { name: t('events.map.cluster', { count: 4 }) });
    expect(circle.textContent).toBe('4');
    await waitFor(() => expect(pinLabels()).toEqual(['Eagles']));

    fireEvent.click(circle);
    const list = within(await screen.findByTestId('teams-here'));
    expect(list.getByText(t('events.map.here', { count: 4 }))).toBeTruthy();
    expect(list.getAllByTestId('team-here').map((item) => item.textContent)).toEqual(['Foxes', 'Lions', 'Owls', 'הנמרים']);

    // The Lions walk to the Eagles: the circle holds three, the list follows.
    await act(async () => rerender(<TeamsMap pins={[...square.slice(0, 3), { ...square[3], lat: 32.1101, lng: 34.8301 }, far]} tileUrl="" height={400} />));
    await screen.findByRole('button', { name: t('events.map.cluster', { count: 3 }) });
    await screen.findByRole('button', { name: t('events.map.cluster', { count: 2 }) });
    fireEvent.click(list.getByRole('button', { name: t('events.map.closeList') }));
    expect(screen.queryByTestId('teams-here')).toBeNull();
  });
});
