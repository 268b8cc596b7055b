import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { GEOLOCATION_UNSUPPORTED, useGeolocation } from './use-geolocation.ts';

type Success = (position: { coords: { latitude: number; longitude: number; accuracy: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

function fakeGeolocation() {
  const watchers = new Map<number, { success: Success; failure: Failure; options?: PositionOptions }>();
  let next = 1;
  const api = {
    watchPosition: vi.fn((success: Success, failure: Failure, options?: PositionOptions) => {
      const id = next++;
      watchers.set(id, { success, failure, options });
      return id;
    }),
    clearWatch: vi.fn((id: number) => watchers.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: api, configurable: true });
  return {
    api,
    watchers,
    fix: (latitude: number, longitude: number, accuracy: number) =>
      act(() => watchers.forEach((w) => w.success({ coords: { latitude, longitude, accuracy } }))),
    fail: (code: number, message: string) => act(() => watchers.forEach((w) => w.failure({ code, message }))),
  };
}

describe('useGeolocation', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'geolocation');
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'geolocation', original);
    else Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('watches with high accuracy and reports positions, then stops on unmount', () => {
    const geo = fakeGeolocation();
    const { result, unmount } = renderHook(() => useGeolocation());
    expect(result.current).toEqual({ position: null, error: null, status: 'watching' });
    expect(geo.api.watchPosition).toHaveBeenCalledOnce();
    expect(geo.api.watchPosition.mock.calls[0][2]).toMatchObject({ enableHighAccuracy: true, maximumAge: 5000 });
    geo.fix(32.08, 34.78, 15);
    expect(result.current).toEqual({ position: { lat: 32.08, lng: 34.78, accuracy: 15 }, error: null, status: 'watching' });
    unmount();
    expect(geo.api.clearWatch).toHaveBeenCalledWith(1);
    expect(geo.watchers.size).toBe(0);
  });

  it('reports a denied permission and drops the stale position', () => {
    const geo = fakeGeolocation();
    const { result } = renderHook(() => useGeolocation());
    geo.fix(32.08, 34.78, 15);
    geo.fail(1, 'User denied Geolocation');
    expect(result.current).toEqual({ position: null, error: { code: 1, message: 'User denied Geolocation' }, status: 'denied' });
  });

  it('keeps the last position when a fix is unavailable, and is unavailable without one', () => {
    const geo = fakeGeolocation();
    const { result } = renderHook(() => useGeolocation());
    geo.fail(2, 'Position unavailable');
    expect(result.current.status).toBe('unavailable');
    geo.fix(32.08, 34.78, 15);
    geo.fail(2, 'Position unavailable');
    expect(result.current).toMatchObject({ position: { lat: 32.08 }, status: 'watching', error: { code: 2 } });
  });

  it('does nothing while disabled', () => {
    const geo = fakeGeolocation();
    const { result, rerender } = renderHook(({ enabled }) => useGeolocation(enabled), { initialProps: { enabled: false } });
    expect(result.current).toEqual({ position: null, error: null, status: 'idle' });
    expect(geo.api.watchPosition).not.toHaveBeenCalled();
    rerender({ enabled: true });
    expect(geo.api.watchPosition).toHaveBeenCalledOnce();
    rerender({ enabled: false });
    expect(geo.api.clearWatch).toHaveBeenCalledOnce();
    expect(result.current.status).toBe('idle');
  });

  it('is unavailable in a browser without geolocation', () => {
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    const { result } = renderHook(() => useGeolocation());
    expect(result.current.status).toBe('unavailable');
    expect(result.current.error?.code).toBe(GEOLOCATION_UNSUPPORTED);
  });
});
