import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** A page whose first load is held to the budget: the source module of its route, and the URLs it serves. */
export type BudgetRoute = { path: string; module: string; pattern: RegExp };

export type RouteWeight = {
  path: string;
  files: { file: string; gzip: number }[];
  gzip: number;
  overBudget: boolean;
  /** More JavaScript files than FIRST_LOAD_MAX_FILES: each is a round trip on a weak signal. */
  tooManyFiles: boolean;
  /** Mantine classes (`m_` + 8 hex) that the page's first-load JavaScript uses and its first-load CSS lacks. */
  unstyled: string[];
};

const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/** DESIGN.md section 7: at most 210 KB of gzipped JavaScript on the first load of these pages, with React. */
export const FIRST_LOAD_BUDGET_BYTES = 210_000;

/**
 * At most this many JavaScript files on the first load (entry, shared chunk, page, language...):
 * build/first-load-chunk.ts keeps it at 6 or 7; the default splitting made 23.
 */
export const FIRST_LOAD_MAX_FILES = 10;

/** The pages a phone opens first, from a shared link or the list (index.html also preloads their code). */
export const BUDGET_ROUTES: BudgetRoute[] = [
  { path: '/games', module: 'src/features/games/games-page.tsx', pattern: /^\/games\/?$/ },
  { path: '/game/{id}', module: 'src/features/player/player-page.tsx', pattern: /^\/game\/[^/]+\/?$/ },
];

/** The chunks a page needs before it shows: the given ones and, transitively, their static imports. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle budget: ${key} is not in the build manifest`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

export const gzipSize = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;

/**
 * The first load of each route: the entry, the route's chunk, their static imports, and the heaviest
 * language's translations (index.html preloads the visitor's one). Lazy chunks (map, socket client,
 * menu drawer, editor, admin) are not counted: they load only when used.
 */
export function weighRoutes(manifest: Manifest, read: (file: string) => Buffer, routes = BUDGET_ROUTES, budget = FIRST_LOAD_BUDGET_BYTES, maxFiles = FIRST_LOAD_MAX_FILES): RouteWeight[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('bundle budget: the build manifest has no entry');
  const translations = Object.keys(manifest).filter((key) => /(^|\/)src\/i18n\/[a-z]{2}\.json$/.test(key));
  if (!translations.length) throw new Error('bundle budget: no translations chunk in the build manifest');
  const weigh = (key: string) => ({ file: manifest[key]!.file, gzip: gzipSize(read(manifest[key]!.file)) });
  const heaviestLanguage = translations.map(weigh).sort((a, b) => b.gzip - a.gzip)[0]!;
  return routes.map(({ path, module }) => {
    const chunks = staticClosure(manifest, [entry, module]);
    const files = [...chunks.map(weigh), heaviestLanguage];
    const gzip = files.reduce((sum, file) => sum + file.gzip, 0);
    // The first screen must not wait for the rest of the styles (ui/all-styles.ts) to look right.
    const used = new Set(chunks.flatMap((key) => read(manifest[key]!.file).toString('utf8').match(MANTINE_CLASS) ?? []));
    const css = chunks.flatMap((key) => manifest[key]!.css ?? []).map((file) => read(file).toString('utf8')).join('\n');
    const unstyled = [...used].filter((name) => !css.includes(name)).sort();
    return { path, files, gzip, overBudget: gzip > budget, tooManyFiles: files.length > maxFiles, unstyled };
  });
}
