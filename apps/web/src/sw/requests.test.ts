import { describe, expect, it } from 'vitest';
import { isAppPage, isMapTile, isOwnMedia } from './requests.ts';

const origin = 'https://www.streethunt.example';
const at = (path: string) => new URL(path, origin);

describe('what the service worker answers', () => {
  it('takes the app pages as pages, and files and the API as not', () => {
    for (const page of ['/', '/games', '/game/abc-123', '/game/abc-123?lang=en', '/studio/games/1', '/index.html']) expect(isAppPage(at(page), origin), page).toBe(true);
    for (const file of ['/api/games', '/socket.io/', '/media/a.jpg', '/assets/index-abc.js', '/sw.js', '/favicon.svg', '/manifest.webmanifest']) expect(isAppPage(at(file), origin), file).toBe(false);
    expect(isAppPage(new URL('https://other.example/games'), origin)).toBe(false);
  });

  it('finds the media of this server only', () => {
    expect(isOwnMedia(at('/media/games/1/cover-640.webp'), origin)).toBe(true);
    expect(isOwnMedia(at('/mediaX/1.webp'), origin)).toBe(false);
    expect(isOwnMedia(new URL('https://bucket.example/media/1.webp'), origin)).toBe(false);
  });

  it('finds map tiles on any other host by their z/x/y path', () => {
    expect(isMapTile(new URL('https://a.tile.openstreetmap.org/16/39120/26500.png'), origin)).toBe(true);
    expect(isMapTile(new URL('https://tiles.example/styles/v1/18/156480/106000@2x.webp?key=1'), origin)).toBe(true);
    expect(isMapTile(new URL('http://127.0.0.1:9000/3/4/5.pbf'), origin)).toBe(true);
    expect(isMapTile(new URL('https://a.tile.openstreetmap.org/copyright'), origin)).toBe(false);
    expect(isMapTile(new URL('https://cdn.example/img/2024/05/photo.png'), origin)).toBe(false);
    // The app's own files are never tiles, even with such a path.
    expect(isMapTile(at('/16/39120/26500.png'), origin)).toBe(false);
  });
});
