import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One jsonv2 result as Nominatim writes it (coordinates as strings). */
export type NominatimResult = { place_id: number; lat: string; lon: string; display_name: string; name: string };

/**
 * A real HTTP server on a free local port that answers `GET /search` as Nominatim does, for the
 * server under test to use as GEOCODER_URL; it records each search's text.
 */
export async function startLocalNominatim(answer: (q: string, language: string) => NominatimResult[]) {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' || url.pathname !== '/search') {
      response.writeHead(404).end();
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    asked.push(q);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer(q, url.searchParams.get('accept-language') ?? '')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
