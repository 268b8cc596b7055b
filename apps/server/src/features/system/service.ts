/** Headers that could carry a secret are named but never echoed. */
const hiddenHeaders = new Set(['x-access-token', 'x-game-secret', 'authorization', 'cookie']);

export type SeenRequest = {
  method: string;
  url: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  loggedIn: boolean;
};

export function describeRequest(seen: SeenRequest) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(seen.headers)) {
    headers[name] = hiddenHeaders.has(name) ? '[hidden]' : String(value);
  }
  return { data: { ...seen, headers, time: new Date().toISOString() } };
}
