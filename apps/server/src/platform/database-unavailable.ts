/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, the network
 * gone), as opposed to a query that is wrong: the request then gets 503 `unavailable` and may be
 * tried again, rather than a 500. node-postgres reports a refused or dropped connection as a Node
 * socket error or as its own 'Connection terminated' / 'timeout exceeded when trying to connect';
 * a server shutting down sends SQLSTATE class 57P (operator intervention) or 08 (connection
 * exception). drizzle wraps the driver's error as `cause`.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATES = /^(08...|57P0[1-3])$/;
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|PGlite is closed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.test(code))) return true;
    if (MESSAGES.test(e.message)) return true;
    // AggregateError (a refused connection to both ::1 and 127.0.0.1) carries its causes in `errors`.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
