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

/** Fastify's default request serializer, with the URL redacted. */
export const logSerializers = {
  req(request: { method: string; url: string; hostname?: string; ip?: string }) {
    return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
  },
};
