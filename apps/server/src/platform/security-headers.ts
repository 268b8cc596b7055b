import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers for these options, worked out once. With no directive computed per request (a
 * function, as for a nonce) they are the same on every response, and helmet's chain of a dozen
 * middlewares, run per request, cost the busiest player call about a tenth of its time.
 */
export function securityHeaders(options: HelmetOptions): (response: ServerResponse) => void {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string) {
      headers.push([name, value]);
    },
    // X-Powered-By: Node and Fastify never send it.
    removeHeader() {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return (response) => {
    for (const [name, value] of headers) response.setHeader(name, value);
  };
}
