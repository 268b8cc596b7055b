import { useEffect, useState } from 'react';

type LivePosition = { lat: number; lng: number; accuracy: number };
type GeolocationFailure = { code: number; message: string };
type GeolocationStatus = 'idle' | 'watching' | 'denied' | 'unavailable';
export type GeolocationState = { position: LivePosition | null; error: GeolocationFailure | null; status: GeolocationStatus };

/** The code of `GeolocationFailure` when the browser has no geolocation at all (the real codes are 1 to 3). */
export const GEOLOCATION_UNSUPPORTED = 0;
/** GeolocationPositionError's codes. Its `message` is the browser's own words, in the browser's language: show the code's text instead. */
export const PERMISSION_DENIED = 1;
export const POSITION_UNAVAILABLE = 2;
export const TIMEOUT = 3;

const IDLE: GeolocationState = { position: null, error: null, status: 'idle' };
const UNSUPPORTED: GeolocationState = {
  position: null,
  error: { code: GEOLOCATION_UNSUPPORTED, message: 'Geolocation is not supported by this browser.' },
  status: 'unavailable',
};
const WATCHING: GeolocationState = { position: null, error: null, status: 'watching' };

function geolocation(): Geolocation | null {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
}

/**
 * The phone's live position, watched while `enabled` and the calling component is mounted. A denied
 * permission clears the position (it would only go stale); a position that cannot be had for now
 * keeps the last one known. Never imports the map code, so the player can use it on every page.
 */
export function useGeolocation(enabled = true): GeolocationState {
  const supported = geolocation() !== null;
  const [state, setState] = useState<GeolocationState>(WATCHING);

  useEffect(() => {
    const api = geolocation();
    if (!enabled || !api) return;
    const id = api.watchPosition(
      ({ coords }) =>
        setState({
          position: { lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy },
          error: null,
          status: 'watching',
        }),
      ({ code, message }) =>
        setState((previous) => {
          const error = { code, message };
          if (code === PERMISSION_DENIED) return { position: null, error, status: 'denied' };
          if (code === POSITION_UNAVAILABLE) return { position: previous.position, error, status: previous.position ? 'watching' : 'unavailable' };
          // A timeout: keep watching; the next fix clears the error.
          return { ...previous, error };
        }),
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
    return () => {
      api.clearWatch(id);
      // Watching again later starts afresh rather than from a stale position.
      setState(WATCHING);
    };
  }, [enabled]);

  if (!enabled) return IDLE;
  if (!supported) return UNSUPPORTED;
  return state;
}
