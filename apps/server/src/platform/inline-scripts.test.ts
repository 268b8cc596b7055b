import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { inlineScriptHashes } from './inline-scripts.ts';

const BOOT = "(function(){document.documentElement.lang='en'})()";
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline scripts and the Content-Security-Policy', () => {
  it('hashes each inline script, not the ones loaded by src', () => {
    const html = `<html><head><script>${BOOT}</script><script type="module" crossorigin src="/assets/index.js"></script><script type="x">b()</script></head></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(BOOT), sha('b()')]);
  });

  let dist: string | null = null;
  afterAll(async () => {
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it("allows exactly index.html's start-up script in script-src, and nothing inline else", async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'streethunt-csp-'));
    await writeFile(path.join(dist, 'index.html'), `<!doctype html><html lang="he"><head><script>${BOOT}</script></head><body></body></html>`);
    const test = await buildTestApp({ webDist: dist });
    try {
      const res = await test.app.inject({ method: 'GET', url: '/games' });
      expect(res.statusCode).toBe(200);
      const scriptSrc = String(res.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc?.trim()).toBe(`script-src 'self' ${sha(BOOT)}`);
    } finally {
      await test.close();
    }
  });
});
