import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One jsonv2 result as Nominatim writes it (coordinates as strings). */
export type NominatimResult = {
  place_id: number;
  lat: string;
  lon: string;
  display_name: string;
  name?: string;
  category?: string;
  type?: string;
  importance?: number;
  place_rank?: number;
  boundingbox?: string[];
};

type SeenRequest = { at: number; path: string; query: URLSearchParams; headers: IncomingHttpHeaders };

/**
 * For tests: a real HTTP server on a free local port that answers `GET /search` as Nominatim does,
 * records every request, and can be told to fail (an HTTP status) or to hang (never answer).
 */
export async function startLocalNominatim(answer: (query: URLSearchParams) => NominatimResult[]) {
  const seen: SeenRequest[] = [];
  let mode: { kind: 'answer' } | { kind: 'fail'; status: number } | { kind: 'hang' } = { kind: 'answer' };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    seen.push({ at: Date.now(), path: url.pathname, query: url.searchParams, headers: request.headers });
    if (mode.kind === 'hang') return;
    if (mode.kind === 'fail') {
      response.writeHead(mode.status, { 'content-type': 'text/html' }).end('<h1>Service unavailable</h1>');
      return;
    }
    if (request.method !== 'GET' || url.pathname !== '/search') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer(url.searchParams)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answerNormally: () => void (mode = { kind: 'answer' }),
    failWith: (status: number) => void (mode = { kind: 'fail', status }),
    hang: () => void (mode = { kind: 'hang' }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
