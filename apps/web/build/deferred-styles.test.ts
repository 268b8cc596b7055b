import type { IndexHtmlTransformHook, IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { deferredStyles } from './deferred-styles.ts';

function transform(html: string): string {
  const { handler } = deferredStyles().transformIndexHtml as { handler: IndexHtmlTransformHook };
  // The handler reads nothing of Vite's plugin context.
  return handler.call({} as ThisParameterType<IndexHtmlTransformHook>, html, {} as IndexHtmlTransformContext) as string;
}

describe('deferredStyles', () => {
  it('turns the built stylesheet link into a marked preload, keeping crossorigin', () => {
    const html = '<head><link rel="modulepreload" crossorigin href="/assets/a.js">\n<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>';
    expect(transform(html)).toBe(
      '<head><link rel="modulepreload" crossorigin href="/assets/a.js">\n<link rel="preload" as="style" crossorigin href="/assets/index-1.css" data-app-styles></head>',
    );
  });

  it('handles every stylesheet link, with or without crossorigin, and leaves other links alone', () => {
    const html = '<link rel="stylesheet" href="/assets/a.css"><link rel="stylesheet" crossorigin href="/assets/b.css"><link rel="icon" href="/favicon.svg">';
    expect(transform(html)).toBe(
      '<link rel="preload" as="style" href="/assets/a.css" data-app-styles><link rel="preload" as="style" crossorigin href="/assets/b.css" data-app-styles><link rel="icon" href="/favicon.svg">',
    );
  });
});
