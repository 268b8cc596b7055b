import { vi } from 'vitest';

export type RouteReply = { status?: number; body?: unknown; networkError?: boolean; headers?: Record<string, string> };

const routeOf = (input: RequestInfo | URL, init?: RequestInit) => `${init?.method ?? 'GET'} ${String(input)}`;

/**
 * A `fetch` stand-in answering by "METHOD /path?query"; a list answers in order and repeats its last.
 * A call nobody expected gets a 404, so the test sees it.
 */
export function mockRoutes(routes: Record<string, RouteReply | RouteReply[]>) {
  const calls = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = routeOf(input, init);
    const replies = routes[route];
    if (!replies) return new Response(JSON.stringify({ message: `unexpected ${route}`, code: 'not_found' }), { status: 404 });
    const list = Array.isArray(replies) ? replies : [replies];
    const index = calls.get(route) ?? 0;
    calls.set(route, index + 1);
    const reply = list[Math.min(index, list.length - 1)];
    if (reply.networkError) throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The calls a `fetch` mock received, as "METHOD /path". */
export function routesCalled(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => routeOf(input as RequestInfo, init as RequestInit | undefined));
}

/** The JSON bodies sent to one "METHOD /path". */
export function bodiesSent(fetchMock: ReturnType<typeof vi.fn>, route: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => routeOf(input as RequestInfo, init as RequestInit | undefined) === route)
    .map(([, init]) => ((init as RequestInit | undefined)?.body ? JSON.parse(String((init as RequestInit).body)) : undefined));
}

/** One reply of `mockFetch`: a status and a JSON body, or no connection at all. */
export type FetchReply = { status?: number; body: unknown } | 'offline';

/** A `fetch` stand-in answering one reply per call, in order, whatever was asked; the last one repeats. */
export function mockFetch(...replies: FetchReply[]) {
  let call = 0;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const reply = replies[Math.min(call++, replies.length - 1)];
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The JSON body the `index`th `fetch` call sent. */
export function sentBody(fetchMock: ReturnType<typeof vi.fn>, index = 0): unknown {
  const init = fetchMock.mock.calls[index]?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
