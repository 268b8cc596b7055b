import { describe, expect, it } from 'vitest';
import { gzipSize, staticClosure, weighRoutes, type Manifest } from './bundle-budget.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'], imports: ['_shared.js'], dynamicImports: ['src/page.tsx', 'src/map.tsx', 'src/i18n/he.json', 'src/i18n/en.json'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/page.tsx': { file: 'assets/page.js', css: ['assets/page.css'], imports: ['_shared.js', '_page-part.js'], dynamicImports: ['src/map.tsx'] },
  '_page-part.js': { file: 'assets/page-part.js' },
  'src/map.tsx': { file: 'assets/map.js', imports: ['_shared.js'] },
  'src/i18n/he.json': { file: 'assets/he.js' },
  'src/i18n/en.json': { file: 'assets/en.js' },
};
/** Incompressible-ish content of about `size` bytes, so sizes stay apart after gzip. */
const noise = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7919 + seed * 104729) % 251));
const files: Record<string, Buffer> = {
  'assets/index.js': noise(4000, 1),
  'assets/shared.js': noise(2000, 2),
  'assets/page.js': noise(1000, 3),
  'assets/page-part.js': noise(500, 4),
  'assets/map.js': noise(50_000, 5),
  'assets/he.js': noise(800, 6),
  'assets/en.js': noise(300, 7),
};
const read = (file: string) => files[file] ?? Buffer.alloc(0);
const page = [{ path: '/page', module: 'src/page.tsx', pattern: /^\/page$/ }];

describe('first-load bundle budget', () => {
  it('follows static imports only: a lazy chunk is not part of the first load', () => {
    expect(staticClosure(manifest, ['index.html', 'src/page.tsx']).sort()).toEqual(['_page-part.js', '_shared.js', 'index.html', 'src/page.tsx']);
  });

  it('counts the entry, the route, their static imports once each, and the heavier language', () => {
    const [route] = weighRoutes(manifest, read, [{ path: '/page', module: 'src/page.tsx', pattern: /^\/page$/ }], 1_000_000);
    const counted = ['assets/index.js', 'assets/shared.js', 'assets/page.js', 'assets/page-part.js', 'assets/he.js'];
    expect(route!.files.map((f) => f.file).sort()).toEqual([...counted].sort());
    expect(route!.gzip).toBe(counted.reduce((sum, file) => sum + gzipSize(read(file)), 0));
    expect(route!.overBudget).toBe(false);
  });

  it('is over budget when the first load weighs more than the budget', () => {
    const [route] = weighRoutes(manifest, read, [{ path: '/page', module: 'src/page.tsx', pattern: /^\/page$/ }], 1000);
    expect(route!.overBudget).toBe(true);
  });

  it('has too many files when the first load is split into more than the limit', () => {
    const [five] = weighRoutes(manifest, read, page, 1_000_000, 5);
    expect(five!.files).toHaveLength(5);
    expect(five!.tooManyFiles).toBe(false);
    const [four] = weighRoutes(manifest, read, page, 1_000_000, 4);
    expect(four!.tooManyFiles).toBe(true);
  });

  it('names the Mantine classes the first load uses and its CSS lacks; a lazy chunk does not count', () => {
    const styled = {
      ...files,
      'assets/index.js': Buffer.from('c("m_1234abcd");'),
      'assets/page-part.js': Buffer.from('c("m_00ff00ff"),c("m_deadbeef")'),
      'assets/map.js': Buffer.from('c("m_aaaaaaaa")'),
      'assets/index.css': Buffer.from('@layer mantine{.m_1234abcd{color:red}}'),
      'assets/page.css': Buffer.from('.m_00ff00ff{margin:0}'),
    };
    const [route] = weighRoutes(manifest, (file) => styled[file as keyof typeof styled] ?? Buffer.alloc(0), page, 1_000_000);
    expect(route!.unstyled).toEqual(['m_deadbeef']);
  });

  it('refuses a route the build does not have, rather than counting nothing', () => {
    expect(() => weighRoutes(manifest, read, [{ path: '/gone', module: 'src/gone.tsx', pattern: /^\/gone$/ }])).toThrow(/not in the build manifest/);
  });
});
