import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The no-restricted-imports messages the repo's ESLint config gives `code` placed at `file`. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Fixtures: each line imports one path from a file at a given depth; only the import is linted.
const importOf = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('web lint: features do not import each other', () => {
  it.each([
    ['apps/web/src/features/account/page.tsx', '../player/api.ts'],
    ['apps/web/src/features/account/page.tsx', '../../features/player/api.ts'],
    ['apps/web/src/features/player/feedback/widget.tsx', '../../games/api.ts'],
    ['apps/web/src/features/player/feedback/widget.tsx', '../../../features/games/api.ts'],
    ['apps/web/src/ui/card.tsx', '../features/games/api.ts'],
  ])('%s may not import %s', async (file, from) => {
    expect(await refusals(file, importOf(from))).toEqual([expect.stringMatching(/features must not import each other/)]);
  });

  it.each([
    ['apps/web/src/features/account/page.tsx', './api.ts'],
    ['apps/web/src/features/account/page.tsx', '../../ui/card.tsx'],
    ['apps/web/src/features/account/page.tsx', '@streethunt/shared'],
    ['apps/web/src/features/player/feedback/widget.tsx', '../api.ts'],
    ['apps/web/src/features/player/feedback/widget.tsx', '../../../api/client.ts'],
  ])('%s may import %s', async (file, from) => {
    expect(await refusals(file, importOf(from))).toEqual([]);
  });
});
