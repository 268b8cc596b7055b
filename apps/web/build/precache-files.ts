import type { Manifest } from './bundle-budget.ts';

/** Code only studio and admin pages load: a player's phone never needs it, so it is not kept ahead. */
const STUDIO_ONLY = /^src\/(?:features\/(?:admin|editor|events|leads|my-games|payouts|refunds|reports|users)|i18n\/studio|ui\/studio)\//;

type Chunk = Manifest[string] & { assets?: string[] };

/**
 * The built files a player's phone keeps ahead (the service worker's precache, besides index.html and
 * the icons): everything the entry reaches through static and lazy imports, stopping at studio and
 * admin modules, with the styles and fonts of each. Shared code a studio page also uses stays in.
 */
export function playerFiles(manifest: Record<string, Chunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const stack = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  while (stack.length) {
    const key = stack.pop()!;
    const chunk = manifest[key];
    if (seen.has(key) || !chunk || STUDIO_ONLY.test(key)) continue;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) if (file.startsWith('assets/')) files.add(file);
    stack.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return [...files].sort();
}
