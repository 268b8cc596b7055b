import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prose, readDocs, REPO_ROOT } from './read-docs.ts';

/**
 * `[text](target)` and `![alt](target)` (the target up to its closing bracket or a title), and the
 * `src` or `href` of an HTML tag, as a picture sized in a table is written.
 */
const LINK = /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)|<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g;

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = prose(readFileSync(file, 'utf8'));
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

describe('links in README.md and docs/', () => {
  const docs = readDocs();

  it('reads the README and the pages', () => {
    expect(docs.map((d) => d.file)).toEqual(expect.arrayContaining(['README.md', 'docs/configuration.md', 'docs/players.md']));
  });

  it('every relative link names a file that exists, and a heading of it when it names one', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const { file, text } of docs) {
      for (const match of prose(text).matchAll(LINK)) {
        const target = (match[1] ?? match[2])!;
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto: — not ours to check offline
        checked += 1;
        const [pathPart, anchor] = target.split('#') as [string, string | undefined];
        const resolved = pathPart === '' ? path.join(REPO_ROOT, file) : path.resolve(path.dirname(path.join(REPO_ROOT, file)), decodeURI(pathPart));
        if (!existsSync(resolved)) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
