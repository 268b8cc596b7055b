import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, where README.md and docs/ are. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type Doc = { file: string; text: string };

/** README.md and every Markdown page under docs/ (decision records too), with paths relative to the root. */
export function readDocs(): Doc[] {
  const pages = readdirSync(path.join(REPO_ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', ...pages].sort().map((file) => ({ file, text: readFileSync(path.join(REPO_ROOT, file), 'utf8') }));
}

/** The text outside fenced code blocks: a shell example is not a link or a claim about a route. */
export function prose(text: string): string {
  let fenced = false;
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced) kept.push(line);
  }
  return kept.join('\n');
}
