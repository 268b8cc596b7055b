import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { IMAGE_WIDTHS } from '@streethunt/shared/media';
import { buildGame } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const COVER = '/media/covers/0123456789abcdef.webp';

async function introCover(coverImage: string) {
  fakeServer({ game: buildGame({ metadata: { coverImage } }) });
  await renderPlayer();
  const intro = await screen.findByTestId('intro-page');
  return intro.querySelector('img');
}

describe('player: the cover on the intro', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('is our WebP variant at the width the screen needs, in a 16:9 frame, fetched at once (it tops the page)', async () => {
    const img = await introCover(COVER);
    expect(img).not.toBeNull();
    expect(img!.getAttribute('src')).toBe(`${COVER}?w=640`);
    expect(img!.getAttribute('srcset')).toBe(IMAGE_WIDTHS.map((w) => `${COVER}?w=${w} ${w}w`).join(', '));
    expect(img!.getAttribute('sizes')).toBe('(max-width: 45em) calc(100vw - 2rem), 688px');
    expect([img!.getAttribute('width'), img!.getAttribute('height')]).toEqual(['640', '360']);
    expect(img!.style.aspectRatio).toBe('16 / 9');
    expect(img!.getAttribute('loading')).not.toBe('lazy');
    expect(img!.getAttribute('fetchpriority')).toBe('high');
    expect(img!.getAttribute('alt')).toBe('');
  });

  it('shows an https image from elsewhere as it is, in the same frame', async () => {
    const img = await introCover('https://images.example.com/cover.jpg');
    expect(img!.getAttribute('src')).toBe('https://images.example.com/cover.jpg');
    expect(img!.hasAttribute('srcset')).toBe(false);
    expect(img!.style.aspectRatio).toBe('16 / 9');
  });

  it('shows no image without a cover', async () => {
    expect(await introCover('')).toBeNull();
  });
});
