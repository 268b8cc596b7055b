import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The rules the repo's ESLint config breaks with `pattern` in server code. */
async function brokenRules(pattern: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export const pattern = ${pattern};\n`, { filePath: path.join(repoRoot, 'apps/server/src/features/studio/formats/example.ts') });
  return [...new Set((result?.messages ?? []).map((m) => m.ruleId ?? m.message))];
}

describe('lint: no regular expression that takes more than linear time', () => {
  it.each([
    // The import's HTML test: 96 KB of '<a ' held the server for 5 s.
    String.raw`/<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i`,
    String.raw`/<[^>]*>/g`,
    String.raw`/\/+$/`,
    String.raw`/^\s*(\d+)\s*[,;]?\s*(\d+)\s*$/`,
  ])('refuses %s', async (pattern) => {
    expect(await brokenRules(pattern)).not.toEqual([]);
  }, 20_000);

  it.each([String.raw`/<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i`, String.raw`/^(\d+)(?:\s*[,;]\s*|\s+)(\d+)$/`])('takes %s', async (pattern) => {
    expect(await brokenRules(pattern)).toEqual([]);
  }, 20_000);
});
