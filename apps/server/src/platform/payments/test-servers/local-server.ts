import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake provider received it: `query` holds its query string (a GET's parameters). */
type ReceivedRequest = { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; fields: Record<string, string> };

export type Answer = { status: number; body: unknown };
export type Handler = (request: ReceivedRequest) => Answer | Promise<Answer>;

export type LocalServer = { url: string; requests: ReceivedRequest[]; close(): Promise<void> };

/** A request's form fields, urlencoded or multipart, read by the platform's own FormData parser. */
async function readFields(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const contentType = request.headers['content-type'] ?? '';
  if (chunks.length === 0 || !/^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(contentType)) return {};
  const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) fields[key] = String(value);
  return fields;
}

/**
 * A real HTTP server on a free local port (node:http, port 0) answering JSON: what the adapters
 * talk to in tests, set as their *_API_URL. Every request is kept for the tests to inspect.
 */
export async function startLocalServer(handle: Handler): Promise<LocalServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://local');
      const received: ReceivedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        fields: await readFields(request),
      };
      requests.push(received);
      const answer = await handle(received);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
