/**
 * Request fields pino must never write: tokens travel in headers, passwords and tokens in bodies.
 * Fastify does not log bodies; this list keeps it so if a route ever logs its input.
 */
export const redactedLogPaths = {
  paths: [
    'req.headers["x-access-token"]',
    'req.headers["x-game-secret"]',
    'req.headers.authorization',
    'req.headers.cookie',
    'password',
    '*.password',
    'token',
    '*.token',
    'accessToken',
    '*.accessToken',
  ],
  censor: '[redacted]',
};

/** Emailed links carry single-use tokens in the path; the page request for them must not log them. */
export function redactUrl(url: string): string {
  return url
    .replace(/^\/validate-email\/(?!resend(?:[?#]|$))[^/?#]+/, '/validate-email/[redacted]')
    .replace(/^\/reset-password\/([^/?#]+)\/[^/?#]+/, '/reset-password/$1/[redacted]')
    .replace(/^\/game-feedback\/([^/?#]+)\/[^/?#]+/, '/game-feedback/$1/[redacted]')
    // The sandbox payment reference is what later unlocks the purchased code.
    .replace(/^\/sandbox-pay\/[^/?#]+/, '/sandbox-pay/[redacted]')
    .replace(/([?&](?:token|Token)=)[^&#]+/g, '$1[redacted]');
}

/** A query key longer than this is not a name a route reads: it is written as [key]. */
const MAX_KEY_LENGTH = 40;

/**
 * The URL as a log line may show it: the path (tokens in it redacted) and the NAMES of the query keys,
 * never their values: `/api/games?lat=32.08&lng=34.78` is `/api/games?lat&lng`. Query values are where
 * a player stands, a typed code, a searched phone or email.
 */
export function loggedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return redactUrl(url);
  const keys = new Set(
    url
      .slice(start + 1)
      .split('#')[0]
      .split('&')
      .filter(Boolean)
      .map((part) => part.split('=')[0])
      .map((key) => (key.length > MAX_KEY_LENGTH ? '[key]' : key)),
  );
  const path = redactUrl(url.slice(0, start));
  return keys.size > 0 ? `${path}?${[...keys].join('&')}` : path;
}

/** Fastify's default request serializer with the URL as loggedUrl gives it, and errors without query values. */
export const logSerializers = {
  req(request: { method: string; url: string; hostname?: string; ip?: string }) {
    return { method: request.method, url: loggedUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
  },
  // Typed as Fastify declares it (an Error in, pino's shape out); at run time anything logged under `err` passes through.
  err: (error: Error) => serializeError(error) as SerializedError & { stack: string },
};

/**
 * What a database error may tell the log: names of things, never values. drizzle's DrizzleQueryError
 * carries `params` (and repeats them in its message and stack), and the driver's error (PGlite or
 * node-postgres, its `cause`) carries `params`, `detail` ('Key (email)=(...) already exists'),
 * `where` and `internalQuery`. Those values are password hashes, emails, phones, bank accounts and
 * typed codes, so only these fields are kept, beside type, message (scrubbed), stack and `query`
 * (the SQL text, whose values are $1, $2 placeholders).
 */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine', 'position'];
const REDACTED = '[redacted]';
/** How deep a chain of causes is followed (a cycle or a very long chain stops here). */
const MAX_CAUSES = 5;

type ErrorLike = Error & Record<string, unknown>;
export type SerializedError = { type: string; message: string; stack?: string; cause?: SerializedError; [key: string]: unknown };

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** A query error of drizzle, or an error of the PostgreSQL driver (it has the server's severity). */
const isDatabaseError = (error: ErrorLike) =>
  Array.isArray(error.params) || typeof error.query === 'string' || (typeof error.severity === 'string' && typeof error.code === 'string');

/** The values the chain's queries were sent with, longest first (so a value inside another is not left half shown). */
function queryValues(chain: ErrorLike[]): string[] {
  const values = new Set<string>();
  for (const error of chain) {
    if (!Array.isArray(error.params)) continue;
    for (const value of error.params as unknown[]) {
      const text = value instanceof Date ? value.toISOString() : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
      // Shorter ones are no secret (a language, a flag, an index) and would blank out every 'he' in the message.
      if (text.length >= 4) values.add(text);
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/**
 * 'invalid input syntax for type integer: "..."', 'invalid input value for enum role: "..."': from the
 * quote after the first colon to the last quote is the input, redacted. Found by forward scans: the
 * input is what a caller sent, and a pattern with `[\s\S]*` between quotes backtracks over it.
 */
function redactInvalidInput(text: string): string {
  const start = text.search(/invalid input (?:syntax|value) for /);
  if (start === -1) return text;
  const colon = text.indexOf(':', start);
  const newline = text.indexOf('\n', start);
  if (colon === -1 || (newline !== -1 && newline < colon) || !text.startsWith(' "', colon + 1)) return text;
  const end = text.lastIndexOf('"');
  if (end <= colon + 2) return text;
  return `${text.slice(0, colon + 2)}${REDACTED}${text.slice(end + 1)}`;
}

/** Text without the query's values: PostgreSQL's quoted input, and any value the query was sent with. */
function scrubValues(text: string, values: string[]): string {
  let scrubbed = redactInvalidInput(text)
    // 'value "..." is out of range for type integer'
    .replace(/value "[^"]*" is out of range/g, `value ${REDACTED} is out of range`);
  for (const value of values) scrubbed = scrubbed.split(value).join(REDACTED);
  return scrubbed;
}

/** drizzle ends its message with 'params: ' and the values joined by commas: all of that goes. */
const scrubMessage = (message: string, values: string[]) => scrubValues(message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`), values);

function serializeOne(error: ErrorLike, values: string[], depth: number): SerializedError {
  const message = scrubMessage(error.message, values);
  // The stack starts with the message: the scrubbed one takes its place (its frames stay).
  const stack =
    typeof error.stack === 'string'
      ? scrubValues((error.message ? error.stack.split(error.message).join(message) : error.stack).replace(/\nparams: .*/, `\nparams: ${REDACTED}`), values)
      : undefined;
  const type = error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : String(error.name ?? 'Error');
  const out: SerializedError = { type, message, ...(stack && { stack }) };
  if (isDatabaseError(error)) {
    if (typeof error.query === 'string') out.query = error.query;
    for (const key of DATABASE_ERROR_FIELDS) if (error[key] !== undefined) out[key] = error[key];
  } else {
    // Any other error keeps its own fields (errno, syscall, statusCode...), as pino's serializer does.
    for (const key of Object.keys(error)) {
      if (key === 'cause' || key in out) continue;
      const value = error[key];
      out[key] = typeof value === 'string' ? scrubMessage(value, values) : value;
    }
  }
  if (isErrorLike(error.cause) && depth < MAX_CAUSES) out.cause = serializeOne(error.cause as ErrorLike, values, depth + 1);
  return out;
}

/** The `err` serializer of every log line: pino's shape (type, message, stack, own fields), without query values. */
export function serializeError(error: unknown): unknown {
  if (!isErrorLike(error)) return error;
  const chain: ErrorLike[] = [];
  for (let e: unknown = error; isErrorLike(e) && chain.length <= MAX_CAUSES && !chain.includes(e); e = e.cause) chain.push(e);
  return serializeOne(error, queryValues(chain), 0);
}
