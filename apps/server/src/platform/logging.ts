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
