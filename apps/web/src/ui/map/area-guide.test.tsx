import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Point } from '@streethunt/shared';
import { AreaGuide } from './area-guide.tsx';
import { LocationDisabled } from './location-disabled.tsx';
import { renderUi } from '../../test/render-ui.tsx';
import { GEOLOCATION_UNSUPPORTED } from './use-geolocation.ts';

const M_PER_DEG = 111_195.08;
function offset(origin: Point, north: number, east: number): Point {
  return { lat: origin.lat + north / M_PER_DEG, lng: origin.lng + east / (M_PER_DEG * Math.cos((origin.lat * Math.PI) / 180)) };
}
const area: Point = { lat: 32.07785, lng: 34.77412 };
const square: Point[] = [area, offset(area, 100, 0), offset(area, 100, 100), offset(area, 0, 100)];

describe('AreaGuide', () => {
  it('says it is looking for the location until there is one', async () => {
    const { t, missing } = await renderUi(<AreaGuide target={area} position={null} error={null} />);
    expect(screen.getByText(t('map.guide.looking'))).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(missing).toEqual([]);
  });

  it('shows the distance in meters and the direction, with the arrow turned by the bearing', async () => {
    // 230 m south of the point: 200 m to walk (the area's radius is 30 m), heading north.
    const { t, missing } = await renderUi(<AreaGuide target={area} position={{ ...offset(area, -230, 0), accuracy: 12 }} error={null} />, 'en');
    expect(screen.getByText('200 m to the area')).toBeTruthy();
    expect(screen.getByText(`Direction: ${t('map.compass.N')}`)).toBeTruthy();
    expect(screen.getByText('Location accuracy: ±12 m')).toBeTruthy();
    expect(screen.getByTestId('area-guide-arrow').getAttribute('data-bearing')).toBe('0');
    expect(screen.getByTestId('area-guide').hasAttribute('data-arrived')).toBe(false);
    expect(missing).toEqual([]);
  });

  it('shows kilometers with localized numbers and the compass word in Hebrew', async () => {
    // 2,530 m west of the polygon's west edge: the area is to the east.
    const position = offset(area, 50, -2530);
    await renderUi(<AreaGuide target={square} position={position} error={null} />, 'he');
    expect(screen.getByText('עוד 2.5 ק״מ עד האזור')).toBeTruthy();
    expect(screen.getByText('כיוון: מזרח')).toBeTruthy();
    const bearing = Number(screen.getByTestId('area-guide-arrow').getAttribute('data-bearing'));
    expect(bearing).toBeGreaterThanOrEqual(89);
    expect(bearing).toBeLessThanOrEqual(91);
  });

  it('announces the arrival when the position with its accuracy is inside', async () => {
    const outside = offset(area, 50, 120); // 20 m east of the square
    const { t, rerender } = await renderUi(<AreaGuide target={square} position={{ ...outside, accuracy: 5 }} error={null} />, 'en');
    expect(screen.getByText('20 m to the area')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');

    rerender(<AreaGuide target={square} position={{ ...outside, accuracy: 25 }} error={null} />);
    expect(screen.getByRole('status').textContent).toContain(t('map.guide.arrived'));
    expect(screen.getByTestId('area-guide').hasAttribute('data-arrived')).toBe(true);
    expect(screen.queryByText(/to the area/)).toBeNull();
  });

  it('says location is disabled, and why in its own words, when there is no position', async () => {
    const { t } = await renderUi(<AreaGuide target={area} position={null} error={{ code: 1, message: 'User denied Geolocation' }} />, 'en');
    expect(screen.getByText(t('map.disabled.title'))).toBeTruthy();
    expect(screen.getByText(t('map.disabled.text'))).toBeTruthy();
    expect(screen.getByTestId('location-error-text').textContent).toBe('This site is not allowed to use your location.');
    expect(screen.queryByText(/User denied/)).toBeNull();
    expect(screen.queryByText(t('map.guide.looking'))).toBeNull();
  });

  it('keeps guiding from the last position when a later fix fails', async () => {
    await renderUi(<AreaGuide target={area} position={offset(area, 0, 130)} error={{ message: 'Position unavailable' }} />, 'en');
    expect(screen.getByText('100 m to the area')).toBeTruthy();
    expect(screen.getByText(/west/)).toBeTruthy();
  });
});

describe('LocationDisabled', () => {
  it('explains, says why in Hebrew (not the browser’s English) and how to enable location', async () => {
    const onRetry = vi.fn();
    const { t, missing } = await renderUi(<LocationDisabled error={{ code: 1, message: 'User denied Geolocation' }} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: t('map.disabled.title') })).toBeTruthy();
    expect(screen.getByText(t('map.disabled.text'))).toBeTruthy();
    expect(screen.getByTestId('location-error-text').textContent).toBe(t('map.disabled.reason.denied'));
    expect(t('map.disabled.reason.denied')).toMatch(/[\u0590-\u05FF]/);
    expect(document.body.textContent).not.toMatch(/User denied/);
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([t('map.disabled.step1'), t('map.disabled.step2'), t('map.disabled.step3')]);
    fireEvent.click(screen.getByRole('button', { name: t('map.disabled.retry') }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(missing).toEqual([]);
  });

  it('says so in words when the browser has no geolocation', async () => {
    const { t } = await renderUi(<LocationDisabled error={{ code: GEOLOCATION_UNSUPPORTED, message: 'Geolocation is not supported by this browser.' }} />, 'en');
    expect(screen.getByTestId('location-error-text').textContent).toBe(t('map.disabled.reason.unsupported'));
  });

  for (const [code, key] of [
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
    [undefined, 'unknown'],
    [42, 'unknown'],
  ] as const) {
    it(`translates error code ${String(code)} to map.disabled.reason.${key} in both languages`, async () => {
      for (const language of ['he', 'en'] as const) {
        const { t, unmount } = await renderUi(<LocationDisabled error={{ code, message: 'Raw browser message' }} />, language);
        expect(screen.getByTestId('location-error-text').textContent).toBe(t(`map.disabled.reason.${key}`));
        expect(document.body.textContent).not.toContain('Raw browser message');
        unmount();
      }
    });
  }

  it('works without an error text', async () => {
    const { t } = await renderUi(<LocationDisabled error={null} />, 'en');
    expect(screen.getByText(t('map.disabled.title'))).toBeTruthy();
    expect(screen.queryByTestId('location-error-text')).toBeNull();
  });
});
