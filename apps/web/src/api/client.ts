import type { z } from 'zod';
import { readToken } from './token-store.ts';

/** A reply with a 4xx/5xx status: carries the server's `{ message, code }` and the whole body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
    /** A 429's or 503's Retry-After, in seconds, when the reply said one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as its bytes (`application/octet-stream`) instead of a JSON body. */
  file?: Blob;
  headers?: Record<string, string>;
  /** Checks the reply's shape; the shared schema of the call. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

/** Calls our API with the stored token in x-access-token (spec section 6). */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = readToken();
  if (token) headers['x-access-token'] = token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.file) headers['content-type'] = 'application/octet-stream';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined && !options.file ? 'GET' : 'POST'),
      headers,
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error instanceof Error ? error.message : 'network error');
  }
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const { message, code } = (body ?? {}) as { message?: string; code?: string };
    const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
    throw new ApiError(response.status, code ?? 'error', message ?? response.statusText, body, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null);
  }
  return options.schema ? options.schema.parse(body) : (body as T);
}
