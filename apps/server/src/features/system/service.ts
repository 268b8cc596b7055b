/** Headers that carry a credential (the session, a grant, a code, a proxy's or a cookie's) are named but never echoed. */
const CREDENTIAL_HEADERS = new Set([
  'x-access-token',
  'x-reports-grant',
  'x-play-grant',
  'x-game-secret',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
]);
/** And any header a proxy or client adds whose name says it holds one. */
const CREDENTIAL_NAME = /token|secret|grant|auth|cookie|password|api-?key|session/i;
const isCredentialHeader = (name: string) => CREDENTIAL_HEADERS.has(name) || CREDENTIAL_NAME.test(name);

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
    headers[name] = isCredentialHeader(name) ? '[redacted]' : String(value);
  }
  return { data: { ...seen, headers, time: new Date().toISOString() } };
}
