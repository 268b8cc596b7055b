import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const coreStyles = path.dirname(require.resolve('@mantine/core/styles.layer.css'));
const firstLoad = readFileSync(path.join(import.meta.dirname, 'first-load.ts'), 'utf8');
/** Mantine's whole sheet: its components in the order that makes one's rules override another's. */
const canonical = readFileSync(path.join(coreStyles, 'styles.layer.css'), 'utf8');

/** Where a component's styles start in Mantine's own sheet (its first class). */
function positionInMantine(component: string): number {
  const css = readFileSync(path.join(coreStyles, 'styles', `${component}.layer.css`), 'utf8');
  const firstClass = /\.m_[0-9a-f]{8}/.exec(css)?.[0];
  if (!firstClass) throw new Error(`${component}.layer.css has no Mantine class`);
  return canonical.indexOf(firstClass);
}

describe('first-load Mantine styles', () => {
  const BASE = ['baseline', 'default-css-variables', 'global'];
  const components = [...firstLoad.matchAll(/^import '@mantine\/core\/styles\/([A-Za-z]+)\.layer\.css';$/gm)].map((m) => m[1]!).filter((name) => !BASE.includes(name));
  const base = [...firstLoad.matchAll(/^import '@mantine\/core\/styles\/(baseline|default-css-variables|global)\.layer\.css';$/gm)].map((m) => m[1]);

  it('start with the baseline, the default variables and the global styles', () => {
    expect(base).toEqual(BASE);
    expect(firstLoad.indexOf('baseline.layer.css')).toBeLessThan(firstLoad.indexOf(`${components[0]}.layer.css`));
  });

  it('come in the order of Mantine’s own sheet (an UnstyledButton’s transparent background before a Button’s colour)', () => {
    expect(components.length).toBeGreaterThan(10);
    const inMantineOrder = [...components].sort((a, b) => positionInMantine(a) - positionInMantine(b));
    expect(components).toEqual(inMantineOrder);
    expect(components.indexOf('UnstyledButton')).toBeLessThan(components.indexOf('Button'));
  });
});
