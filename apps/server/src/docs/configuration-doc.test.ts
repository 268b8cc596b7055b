import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../config.ts';
import { REPO_ROOT } from './read-docs.ts';

const page = readFileSync(path.join(REPO_ROOT, 'docs/configuration.md'), 'utf8');

/** The first cell of each row of the page's tables: `NAME`, or `NAME`, `OTHER` for settings set together. */
function documentedVariables(): string[] {
  return page
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

/** Every name written like an environment variable anywhere on the page. */
function namedVariables(): string[] {
  return [...page.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT|HOST)`/g)].map((m) => m[1]!);
}

describe('docs/configuration.md', () => {
  it('has a row for every environment variable config.ts reads, once each', () => {
    const documented = documentedVariables();
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(40);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('names no variable the server does not read', () => {
    const unknown = namedVariables().filter((name) => !CONFIG_VARIABLES.includes(name));
    expect([...new Set(unknown)]).toEqual([]);
  });
});
