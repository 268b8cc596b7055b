import { describe, expect, it } from 'vitest';
import { playerFiles } from './precache-files.ts';

describe('playerFiles', () => {
  it('keeps what the entry reaches, lazy code, styles and fonts included, and stops at studio and admin pages', () => {
    const manifest = {
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_web-b.js'], dynamicImports: ['src/features/player/player-page.tsx', 'src/features/editor/editor-page.tsx', 'src/i18n/studio/he.json'], css: ['assets/index-a.css'] },
      '_web-b.js': { file: 'assets/web-b.js', assets: ['assets/font-c.woff2'] },
      'src/features/player/player-page.tsx': { file: 'assets/player-page-d.js', isDynamicEntry: true, imports: ['_web-b.js', '_map-e.js'] },
      '_map-e.js': { file: 'assets/map-e.js', css: ['assets/map-e.css'] },
      'src/features/editor/editor-page.tsx': { file: 'assets/editor-page-f.js', imports: ['_tiptap-g.js', '_map-e.js'] },
      '_tiptap-g.js': { file: 'assets/tiptap-g.js' },
      'src/i18n/studio/he.json': { file: 'assets/he-h.js' },
    };
    expect(playerFiles(manifest)).toEqual(['assets/font-c.woff2', 'assets/index-a.css', 'assets/index-a.js', 'assets/map-e.css', 'assets/map-e.js', 'assets/player-page-d.js', 'assets/web-b.js']);
  });
});
