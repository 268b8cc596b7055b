import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { fakeMatchMedia } from './match-media.ts';

// Mantine reads these browser APIs, which happy-dom lacks. (Tests of the server's renderer run without a window.)
if (typeof window !== 'undefined' && !window.matchMedia) window.matchMedia = fakeMatchMedia(() => false);
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

afterEach(() => cleanup());
