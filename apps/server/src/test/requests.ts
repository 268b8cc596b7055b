import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../services.ts';
import type { TestApp } from './build-test-app.ts';
import { nextIp } from './client-address.ts';

type CallOptions = { token?: string; ip?: string };

const tokenHeader = (token: string | undefined) => (token ? { 'x-access-token': token } : {});

export function postJson(app: App, url: string, body: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: body as object, headers: tokenHeader(options.token), remoteAddress: options.ip ?? nextIp() });
}

export function getJson(app: App, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: tokenHeader(options.token), remoteAddress: options.ip ?? nextIp() });
}

/** A call with a JSON body (or none, or `raw` text sent as JSON), the token if any, a new client address. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; raw?: string } = {},
): Promise<LightMyRequestResponse> {
  const hasBody = options.body !== undefined || options.raw !== undefined;
  return t.app.inject({
    method,
    url,
    headers: { ...tokenHeader(options.token), ...(hasBody && { 'content-type': 'application/json' }) },
    ...(hasBody && { payload: options.raw ?? JSON.stringify(options.body) }),
    remoteAddress: nextIp(),
  });
}
