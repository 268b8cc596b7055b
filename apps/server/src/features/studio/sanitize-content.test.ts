import { describe, expect, it } from 'vitest';
import { displayRichText, sanitizeRichText, storedMediaUrl } from './sanitize-content.ts';

const site = { publicUrl: 'https://www.streethunt.co.il' };
const clean = (html: string) => sanitizeRichText(html, site);

describe('sanitizeRichText (the web renderer’s allow-list, applied when content is stored)', () => {
  it('keeps what the editor writes: text, formatting, lists, tables, links, pictures, direction and alignment', () => {
    const html =
      '<h2 dir="rtl">כותרת</h2><p style="text-align:center"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ul><li>a</li></ul><ol start="3"><li>c</li></ol>' +
      '<blockquote>q</blockquote><table><tbody><tr><td colspan="2">t</td></tr></tbody></table><a href="https://example.com/a?b=1&amp;c=2">l</a><a href="tel:+972501234567">p</a>' +
      '<img src="/media/images/a.webp" alt="A" width="320" /><video src="https://cdn.example.com/v.mp4" poster="/media/images/p.webp" loop muted></video>';
    expect(clean(html)).toBe(html);
  });

  it('drops scripts, styles, frames and forms with their content, and unknown elements but not their text', () => {
    expect(clean('<p>a<script>alert(1)</script><style>p{}</style><iframe src="https://x"><p>in</p></iframe><svg><text>s</text></svg>b</p>')).toBe('<p>ab</p>');
    expect(clean('<form><input value="x"><button>go</button></form><custom-tag>kept <b>text</b></custom-tag><!-- note -->')).toBe('kept <b>text</b>');
  });

  it('drops event handlers, other attributes, and javascript:, data: and protocol-relative addresses', () => {
    expect(clean('<p onclick="x()" class="c" id="i" data-x="1">p</p>')).toBe('<p>p</p>');
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)', '&#106;avascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.example.com/x']) {
      expect(clean(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect(clean('<img src="x" onerror="alert(1)" /><img src="javascript:alert(1)" />')).toBe('<img /><img />');
  });

  it('drops a style attribute that could cover the page or fetch from elsewhere', () => {
    for (const style of ['position:fixed', 'background:url(https://x)', 'width:expression(alert(1))', 'z-index:9', 'color:var(--x)', 'background:u\\72l(x)', 'posi/**/tion:fixed']) {
      expect(clean(`<p style="${style}">x</p>`)).toBe('<p>x</p>');
    }
    expect(clean('<span style="color:#c00;font-weight:bold">x</span>')).toBe('<span style="color:#c00;font-weight:bold">x</span>');
  });

  it('keeps only the inline styles the editor writes: a link cannot be stretched invisibly over the page', () => {
    const attack = '<p><a href="https://creator.example" style="display:block; opacity:0.01; transform:scale(80)">x</a></p>';
    expect(clean(attack)).toBe('<p><a href="https://creator.example">x</a></p>');
    expect(displayRichText(attack, site)).toBe('<p><a href="https://creator.example" target="_blank" rel="noopener noreferrer">x</a></p>');
    for (const style of [
      'position:absolute', 'transform:scale(80)', 'opacity:0', 'display:block', 'inset:0', 'margin:-99999px', 'margin-block-start:-5000px',
      'font-size:9999px', 'width:10000px', 'height:100vh', 'padding:4000px', 'scale:80', 'translate:0 -400px', 'zoom:50', 'line-height:500',
    ]) {
      expect({ style, clean: clean(`<span style="${style}">x</span>`) }).toEqual({ style, clean: '<span>x</span>' });
    }
    // Only the bad declarations go; the editor's own stay beside them.
    expect(clean('<p style="text-align: center; transform: scale(80); color: rgb(200, 0, 0)">x</p>')).toBe('<p style="text-align:center;color:rgb(200, 0, 0)">x</p>');
    expect(clean('<mark style="background-color: #fff59d; color: inherit">h</mark><span style="font-size: 18px">s</span>')).toBe(
      '<mark style="background-color:#fff59d;color:inherit">h</mark><span style="font-size:18px">s</span>',
    );
  });

  it('a nest of growing font sizes does not compound: five spans of 400% around a transparent link stay at 4rem each, not 1024 times the text', () => {
    const nest = `${'<span style="font-size:400%">'.repeat(5)}<a href="https://attacker.example" style="color:transparent">x</a>${'</span>'.repeat(5)}`;
    const stored = clean(nest);
    expect(stored).toBe(`${'<span style="font-size:4rem">'.repeat(5)}<a href="https://attacker.example" style="color:transparent">x</a>${'</span>'.repeat(5)}`);
    expect(displayRichText(nest, site)).not.toMatch(/%|\dem\b/);
    // em and the parent-relative keywords as well.
    expect(clean('<span style="font-size:4em"><span style="font-size:larger">x</span></span>')).toBe('<span style="font-size:4rem"><span style="font-size:large">x</span></span>');
  });
});

describe('storedMediaUrl', () => {
  it('keeps https and our own /media/ (root-relative, or absolute with absolute), and nothing else', () => {
    expect(storedMediaUrl('https://cdn.example.com/a.png', site)).toBe('https://cdn.example.com/a.png');
    expect(storedMediaUrl(' /media/covers/a.webp?w=640 ', site)).toBe('/media/covers/a.webp?w=640');
    expect(storedMediaUrl('https://www.streethunt.co.il/media/covers/a.webp', site)).toBe('/media/covers/a.webp');
    expect(storedMediaUrl('/media/covers/a.webp', { ...site, absolute: true })).toBe('https://www.streethunt.co.il/media/covers/a.webp');
    for (const bad of ['http://cdn.example.com/a.png', 'data:image/png;base64,AA', 'javascript:alert(1)', '/api/games', 'media/a.webp', '//evil.example.com/media/a', '/media//evil', '/media/../api/x', '/media/%2e%2e/api/x', '']) {
      expect({ bad, url: storedMediaUrl(bad, site) }).toEqual({ bad, url: null });
    }
  });
});

describe('displayRichText (rich text in a page the server draws, as the web renderer shows it)', () => {
  const show = (html: string) => displayRichText(html, site);

  it('cleans as on save, and adds what the renderer adds: links in a new tab without the opener, lazy pictures, media controls and sizing', () => {
    expect(show('<p>a <a href="https://example.com">l</a> <a>no link</a></p>')).toBe('<p>a <a href="https://example.com" target="_blank" rel="noopener noreferrer">l</a> <a>no link</a></p>');
    expect(show('<img src="/media/images/a.webp" />')).toBe('<img alt="" src="/media/images/a.webp" loading="lazy" style="max-inline-size:100%;block-size:auto" />');
    expect(show('<video src="https://cdn.example.com/v.mp4"></video><audio src="https://cdn.example.com/a.mp3"></audio>')).toBe(
      '<video src="https://cdn.example.com/v.mp4" controls playsinline style="max-inline-size:100%;block-size:auto"></video><audio src="https://cdn.example.com/a.mp3" controls></audio>',
    );
  });

  it('leaves nothing that runs, whatever a stored row holds', () => {
    const hostile =
      '<p>text</p><script>x()</script><img src="/e.png" onerror="x()"><a href="javascript:x()">l</a><div onmouseover="x()">h</div>' +
      '<iframe srcdoc="<script>x()</script>"></iframe><svg onload="x()"></svg><p style="position:fixed;inset:0">s</p>';
    const shown = show(hostile);
    expect(shown).not.toMatch(/<script|onerror|onmouseover|onload|javascript:|<iframe|<svg|position/i);
    expect(shown).toContain('<p>text</p>');
  });
});
