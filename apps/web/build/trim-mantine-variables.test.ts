import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANTINE_PALETTES, palettesInSource, trimMantineVariables } from './trim-mantine-variables.ts';

const require = createRequire(import.meta.url);
const stylesDir = path.join(path.dirname(require.resolve('@mantine/core/styles.layer.css')), 'styles');
const original = readFileSync(path.join(stylesDir, 'default-css-variables.layer.css'), 'utf8');
const firstLoad = readFileSync(path.resolve(import.meta.dirname, '../src/app/styles/first-load.ts'), 'utf8');

const defined = (css: string) => new Set([...css.matchAll(/(--mantine-[\w-]+)\s*:/g)].map((match) => match[1]!));

describe("trimming Mantine's default variables for the first load", () => {
  const keep = palettesInSource();
  const trimmed = trimMantineVariables(original, keep);

  it('drops the dark scheme, the :host selectors and the palettes the app never names, and keeps a third less', () => {
    expect(original).toContain("[data-mantine-color-scheme='dark']");
    expect(trimmed).not.toContain("'dark'");
    expect(trimmed).not.toContain(':host');
    expect(trimmed.length).toBeLessThan(original.length * 0.7);
    for (const palette of MANTINE_PALETTES) {
      const hasPalette = trimmed.includes(`--mantine-color-${palette}-0:`);
      expect(hasPalette, palette).toBe(keep.has(palette));
    }
    // The app's own colours.
    for (const palette of ['teal', 'red', 'gray', 'orange', 'yellow', 'blue']) expect(keep.has(palette), palette).toBe(true);
  });

  it('still defines every variable the first-load components use, except the dropped palettes', () => {
    const sheets = [...firstLoad.matchAll(/^import '@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css';$/gm)].map((match) => readFileSync(path.join(stylesDir, `${match[1]}.layer.css`), 'utf8'));
    const used = new Set(sheets.flatMap((css) => [...css.matchAll(/var\((--mantine-[\w-]+)/g)].map((match) => match[1]!)));
    const before = defined(original);
    const after = defined(trimmed);
    const dropped = new RegExp(`^--mantine-color-(?:${MANTINE_PALETTES.filter((palette) => !keep.has(palette)).join('|')})-`);
    const missing = [...used].filter((name) => before.has(name) && !after.has(name) && !dropped.test(name));
    expect(used.size).toBeGreaterThan(50);
    expect(missing).toEqual([]);
    // Everything of the light scheme and of the root that is not a dropped palette stays.
    const lost = [...before].filter((name) => !after.has(name) && !dropped.test(name));
    expect(lost).toEqual([]);
  });

  it('is still one valid layer: balanced braces, every declaration ends', () => {
    expect(trimmed.startsWith('@layer mantine {')).toBe(true);
    expect((trimmed.match(/\{/g) ?? []).length).toBe((trimmed.match(/\}/g) ?? []).length);
    expect(trimmed).not.toMatch(/;;|\{;/);
  });
});
