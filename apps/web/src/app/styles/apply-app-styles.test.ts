import { afterEach, describe, expect, it } from 'vitest';
import { applyAppStyles } from './apply-app-styles.ts';

function preload(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'style';
  link.crossOrigin = '';
  link.href = href;
  link.setAttribute('data-app-styles', '');
  document.head.append(link);
  return link;
}

const sheets = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('applyAppStyles', () => {
  it('adds each marked preload as a stylesheet right after it and resolves once it is in', async () => {
    const marked = preload('data:text/css,body%7Bcolor%3Ared%7D');
    await applyAppStyles();
    expect(sheets()).toHaveLength(1);
    expect(marked.nextElementSibling).toBe(sheets()[0]);
    expect(sheets()[0]!.href).toBe(marked.href);
    expect(sheets()[0]!.hasAttribute('crossorigin'), 'same CORS mode as the preload, or the preloaded copy is not used').toBe(true);
  });

  it('resolves at once when there is nothing to apply (development), and leaves unmarked preloads alone', async () => {
    const unmarked = document.createElement('link');
    unmarked.rel = 'preload';
    unmarked.href = 'data:text/css,';
    document.head.append(unmarked);
    await applyAppStyles();
    expect(sheets()).toHaveLength(0);
  });

  it('still resolves when a sheet fails to load, so the app starts anyway', async () => {
    preload('http://127.0.0.1:9/missing.css');
    await expect(applyAppStyles()).resolves.toBeUndefined();
    expect(sheets()).toHaveLength(1);
  });
});
