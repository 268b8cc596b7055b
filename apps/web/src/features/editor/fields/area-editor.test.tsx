import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameLocation, Place, Point } from '@streethunt/shared';
import { AreaEditor } from './area-editor.tsx';
import { mockRoutes } from '../../../test/fetch-routes.ts';
import { renderUi } from '../../../test/render-ui.tsx';

const config = { body: { appEnv: 'development', productionHosts: [], bareDomain: null, tileUrl: '', vatPercent: 18 } };
const placesUrl = (q: string, lang: string) => `GET /api/places?${new URLSearchParams({ q, lang }).toString()}`;
const LOADED = { timeout: 10_000 };

const a: Point = { lat: 32.0853, lng: 34.7818 };
const square: Point[] = [a, { lat: 32.0862, lng: 34.7818 }, { lat: 32.0862, lng: 34.7827 }, { lat: 32.0853, lng: 34.7827 }];
const typed: Place = { name: '32.08, 34.79', detail: '', lat: 32.08, lng: 34.79, source: 'coordinates' };

describe('AreaEditor', () => {
  it('shows its label, the search, the mode, the map and what is set, in Hebrew', async () => {
    mockRoutes({ 'GET /api/public-config': config });
    const { t, missing } = await renderUi(<AreaEditor label="מיקום השאלה" value={a} onChange={vi.fn()} others={[square]} />);
    const group = screen.getByRole('group', { name: 'מיקום השאלה' });
    expect(within(group).getByRole('textbox', { name: t('fields.places.label') })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: t('fields.area.point') })).toHaveProperty('checked', true);
    expect(screen.getByTestId('area-summary').textContent).toBe('נקודה: 32.08530, 34.78180');
    expect(screen.getByTestId('area-hint').textContent).toBe(t('fields.area.hintPoint'));
    const map = await screen.findByRole('region', { name: t('fields.area.map') }, LOADED);
    expect(map.getAttribute('dir')).toBe('ltr');
    // The other question's polygon faintly, and the point's arrival circle.
    await waitFor(() => expect(map.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(2));
    expect(missing).toEqual([]);
  });

  it('moves the point with the arrow keys (north is up in both languages)', async () => {
    mockRoutes({ 'GET /api/public-config': config });
    const onChange = vi.fn();
    const { t } = await renderUi(<AreaEditor label="מיקום" value={a} onChange={onChange} others={[]} />);
    const marker = await screen.findByRole('button', { name: t('fields.area.marker') }, LOADED);
    fireEvent.keyDown(marker, { key: 'ArrowUp' });
    const [moved] = onChange.mock.lastCall as [Point];
    expect(moved.lng).toBe(a.lng);
    expect(moved.lat).toBeGreaterThan(a.lat);
    fireEvent.keyDown(marker, { key: 'ArrowRight', shiftKey: true });
    expect((onChange.mock.lastCall as [Point])[0].lng).toBeGreaterThan(a.lng);
    fireEvent.keyDown(marker, { key: 'x' });
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('edits a polygon in area mode and says how many corners it has', async () => {
    mockRoutes({ 'GET /api/public-config': config });
    const { t } = await renderUi(<AreaEditor label="Area" value={square} onChange={vi.fn()} others={[]} />, 'en');
    expect(screen.getByRole('radio', { name: 'Area' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('area-summary').textContent).toBe('Area with 4 corners');
    expect(screen.getByTestId('area-hint').textContent).toBe(t('fields.area.hintPolygonEdit'));
    const map = await screen.findByTestId('area-editor-map', undefined, LOADED);
    // leaflet-geoman's handles: one on each corner, one in the middle of each edge to add a corner.
    await waitFor(() => expect(map.querySelectorAll('.marker-icon:not(.marker-icon-middle)')).toHaveLength(4));
    expect(map.querySelectorAll('.marker-icon-middle')).toHaveLength(4);
  });

  it('switches to area mode to draw, and back', async () => {
    mockRoutes({ 'GET /api/public-config': config });
    const { t } = await renderUi(<AreaEditor label="Area" value={null} onChange={vi.fn()} others={[]} />, 'en');
    expect(screen.getByTestId('area-summary').textContent).toBe(t('fields.area.none'));
    const container = (await screen.findByTestId('area-editor-map', undefined, LOADED)).querySelector('.leaflet-container')!;
    fireEvent.click(screen.getByRole('radio', { name: 'Area' }));
    expect(screen.getByTestId('area-hint').textContent).toBe(t('fields.area.hintPolygon'));
    await waitFor(() => expect(container.classList.contains('geoman-draw-cursor')).toBe(true)); // drawing a polygon
    fireEvent.click(screen.getByRole('radio', { name: 'Point' }));
    expect(screen.getByTestId('area-hint').textContent).toBe(t('fields.area.hintPoint'));
    await waitFor(() => expect(container.classList.contains('geoman-draw-cursor')).toBe(false));
  });

  it('sets the point from a place typed in the search when the area is empty, and clears it', async () => {
    mockRoutes({ 'GET /api/public-config': config, [placesUrl('32.08, 34.79', 'en')]: { body: { data: [typed], upstream: 'on' } } });
    const onChange = vi.fn();
    const { rerender } = await renderUi(<AreaEditor label="Start" value={null} onChange={onChange} others={[]} />, 'en');
    const clear = screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    const search = screen.getByRole('textbox', { name: 'Search for a place' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: '32.08, 34.79' } });
    fireEvent.click(await screen.findByTestId('place-option'));
    expect(onChange).toHaveBeenCalledWith({ lat: 32.08, lng: 34.79 });

    rerender(<AreaEditor label="Start" value={{ lat: 32.08, lng: 34.79 }} onChange={onChange} others={[]} />);
    expect(screen.getByTestId('area-summary').textContent).toBe('Point: 32.08000, 34.79000');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('only moves the map to a place found when an area is already set', async () => {
    mockRoutes({ 'GET /api/public-config': config, [placesUrl('32.08, 34.79', 'he')]: { body: { data: [typed], upstream: 'on' } } });
    const onChange = vi.fn();
    const value: GameLocation = square;
    await renderUi(<AreaEditor label="אזור" value={value} onChange={onChange} others={[]} />);
    const search = screen.getByTestId('places-search');
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: '32.08, 34.79' } });
    fireEvent.click(await screen.findByTestId('place-option'));
    await waitFor(() => expect((search as HTMLInputElement).value).toBe('32.08, 34.79'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the error under it and ties it to the group', async () => {
    mockRoutes({ 'GET /api/public-config': config });
    await renderUi(<AreaEditor label="מיקום" value={null} onChange={vi.fn()} others={[]} error="לשאלה 2 חסר מיקום" />);
    const group = screen.getByRole('group', { name: 'מיקום' });
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe('לשאלה 2 חסר מיקום');
  });
});
