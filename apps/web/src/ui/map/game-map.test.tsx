import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import GameMap from './game-map.tsx';
import { renderWithI18n } from './test-render.tsx';

// A smoke test only: happy-dom lays nothing out, so the browser tests check how the map looks.
describe('GameMap (smoke)', () => {
  const start = { lat: 32.0835, lng: 34.7800 };
  const square = [
    { lat: 32.0853, lng: 34.7818 },
    { lat: 32.0862, lng: 34.7818 },
    { lat: 32.0862, lng: 34.7827 },
  ];
  const areas = [square, { lat: 32.0817, lng: 34.7836 }, null, { lat: 32.09, lng: 34.78 }];

  it('draws S and the numbered markers, keeps numbers for questions without an area, and a left-to-right box', async () => {
    const { t } = await renderWithI18n(<GameMap start={start} areas={areas} currentIndex={1} position={null} tileUrl="" />);
    const region = screen.getByRole('region', { name: t('map.label') });
    expect(region.getAttribute('dir')).toBe('ltr');
    const markers = [...document.querySelectorAll('.sh-map-marker')].map((m) => [m.textContent, m.className.match(/sh-map-marker--(\w+)/)?.[1]]);
    expect(markers).toEqual([
      ['S', 'start'],
      ['1', 'done'],
      ['2', 'current'],
      ['4', 'area'],
    ]);
    const centre = screen.getByRole('button', { name: t('map.centerOnMe') }) as HTMLButtonElement;
    expect(centre.disabled).toBe(true);
  });

  it('enables centre-on-me once there is a position', async () => {
    const { t } = await renderWithI18n(
      <GameMap start={start} areas={areas} currentIndex={0} position={{ lat: 32.084, lng: 34.781, accuracy: 15 }} tileUrl="" />,
      'en',
    );
    const centre = screen.getByRole('button', { name: t('map.centerOnMe') }) as HTMLButtonElement;
    expect(centre.disabled).toBe(false);
    fireEvent.click(centre);
  });
});
