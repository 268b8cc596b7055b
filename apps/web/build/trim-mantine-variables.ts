import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Mantine's palettes (its default theme's colours). */
export const MANTINE_PALETTES = ['dark', 'gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'green', 'lime', 'yellow', 'orange', 'teal'] as const;

const SOURCE_DIR = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The palettes the app's code names anywhere (a prop, a `c="red.9"`, a `var(--mantine-color-red-9)`, a comment). */
export function palettesInSource(files: string[] = sourceFiles(SOURCE_DIR)): Set<string> {
  const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
  return new Set(MANTINE_PALETTES.filter((palette) => new RegExp(`\\b${palette}\\b`).test(text)));
}

/**
 * Mantine's default variables without what the app never uses: the dark scheme (the app is light
 * only: MantineProvider's default scheme, never switched), the `:host` selectors (no shadow DOM) and
 * the palettes that `keep` leaves out. About a third of the sheet's 27 KB, parsed before the first
 * paint of every page.
 */
export function trimMantineVariables(css: string, keep: ReadonlySet<string>): string {
  const dropped = MANTINE_PALETTES.filter((palette) => !keep.has(palette));
  const droppedVariable = dropped.length ? new RegExp(`^--mantine-color-(?:${dropped.join('|')})-`) : null;
  return css.replace(/([^{}]+)\{([^{}]*)\}/g, (block, selectors: string, body: string) => {
    const kept = selectors
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(',')
      .map((selector) => selector.trim())
      .filter((selector) => selector && !selector.startsWith(':host'));
    if (!kept.length || kept.some((selector) => selector.includes("'dark'"))) return '';
    if (kept.some((selector) => selector.startsWith('@'))) return block;
    const declarations = body
      .split(';')
      .map((declaration) => declaration.trim())
      .filter((declaration) => declaration && !(droppedVariable && droppedVariable.test(declaration)));
    return `${kept.join(',')}{${declarations.join(';')}}`;
  });
}

/** Applies trimMantineVariables to the first load's copy of Mantine's variables (the full sheet that later pages load keeps them all). */
export function trimmedMantineVariables(): Plugin {
  let keep: Set<string> | null = null;
  return {
    name: 'streethunt-trim-mantine-variables',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/@mantine/core/styles/default-css-variables.layer.css')) return null;
      keep ??= palettesInSource();
      return { code: trimMantineVariables(code, keep), map: null };
    },
  };
}
