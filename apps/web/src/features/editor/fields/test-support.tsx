/** Test helpers of the editor's fields: rendering with the app's providers, and a stand-in XMLHttpRequest. */
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Language } from '@streethunt/shared';
import { createTestI18n } from '../../../test/i18n.ts';
import { TestProviders } from '../../../test/providers.tsx';

export { mockRoutes, routesCalled } from '../../../test/fetch-routes.ts';

/** Renders a field with Mantine, react-query and i18next (main and studio namespaces, real files). */
export async function renderField(ui: ReactElement, language: Language = 'he') {
  const { i18n, missing } = await createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (element: ReactElement) => (
    <TestProviders i18n={i18n} queryClient={queryClient}>
      {element}
    </TestProviders>
  );
  const view = render(wrap(ui));
  const t = i18n.getFixedT(language, 'studio');
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)), i18n, t, queryClient, missing };
}

/**
 * XMLHttpRequest at the network boundary: records what was sent, and lets the test report upload
 * progress and answer. `FakeXhr.install()` puts it in place and returns the requests made.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  static install(): FakeXhr[] {
    FakeXhr.sent = [];
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    return FakeXhr.sent;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  /** The server answers. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  /** The connection fails. */
  fail() {
    this.onerror?.();
  }
}
