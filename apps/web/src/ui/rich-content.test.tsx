import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderUi } from '../test/render-ui.tsx';
import { RichContent, enforceAllowList, isAllowedMediaUrl, sanitizeRichContent } from './rich-content.tsx';

async function show(html: string) {
  await renderUi(<RichContent html={html} />);
  return screen.getByTestId('rich-content');
}

describe('RichContent', () => {
  it('never lets a script or an event handler through', async () => {
    const alert = vi.fn();
    Object.assign(window, { alert });
    const box = await show('<p>Hello</p><img src=x onerror=alert(1)><script>alert(2)</script><svg onload=alert(3)></svg><a href="javascript:alert(4)">x</a>');
    expect(box.textContent).toContain('Hello');
    expect(box.querySelector('script')).toBeNull();
    expect(box.innerHTML).not.toMatch(/onerror|onload|alert|javascript:/i);
    const img = box.querySelector('img');
    // The image stays, without its handler and without a source that is not https or ours.
    expect(img?.getAttributeNames().filter((name) => name.startsWith('on'))).toEqual([]);
    expect(box.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('drops frames, forms, styles that cover the page and data attributes', () => {
    const html = sanitizeRichContent(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><p style="position:fixed;inset:0">cover</p><p style="text-align:center" data-x="1">centred</p>',
    );
    expect(html).not.toMatch(/iframe|form|input|position|data-x/);
    expect(html).toContain('text-align:center');
  });

  it('keeps only the inline styles the editor writes: a link cannot be stretched invisibly over the page', async () => {
    const box = await show(
      '<p><a href="https://creator.example" style="display:block; opacity:0.01; transform:scale(80)">tap</a></p>' +
        '<p style="text-align: center; transform: scale(80); color: rgb(200, 0, 0)">kept</p><mark style="background-color:#fff59d; color:inherit">h</mark>',
    );
    expect(box.querySelector('a')?.hasAttribute('style')).toBe(false);
    expect(box.querySelector('p + p')?.getAttribute('style')).toBe('text-align:center;color:rgb(200, 0, 0)');
    expect(box.querySelector('mark')?.getAttribute('style')).toBe('background-color:#fff59d;color:inherit');
    for (const style of [
      'position:absolute', 'transform:scale(80)', 'opacity:0', 'display:block', 'inset:0', 'margin:-99999px', 'font-size:9999px', 'width:10000px',
      'height:100vh', 'scale:80', 'translate:0 -400px', 'zoom:50', 'color:r\\65 d', 'co/**/lor:red',
    ]) {
      expect({ style, html: enforceAllowList(`<span style="${style}">x</span>`) }).toEqual({ style, html: '<span>x</span>' });
    }
  });

  it('clips what it shows to its own box: nothing inside paints over the page or takes its taps', async () => {
    const box = await show('<p>text</p>');
    expect(box.style.overflow).toBe('clip');
    expect(box.style.contain).toBe('paint');
    expect(box.style.isolation).toBe('isolate');
  });

  it('opens every link in a new tab without the opener, whatever the creator wrote on it', async () => {
    const box = await show(
      '<p><a href="https://example.com/a" target="_self" rel="opener">a</a> <a href="/games" target="_top">b</a> <a href="mailto:a@b.c">c</a></p><ul><li><strong><a href="https://example.com/d">d</a></strong></li></ul>',
    );
    const links = [...box.querySelectorAll('a')];
    expect(links).toHaveLength(4);
    for (const link of links) expect([link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
  });

  it('opens links in a new tab with rel=noopener and reads its own direction', async () => {
    const box = await show('<p>שלום <a href="https://example.com/a">link</a></p>');
    const link = box.querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(box.getAttribute('dir')).toBe('auto');
  });

  it('keeps https and same-origin images and videos, and drops plain http ones', () => {
    const html = sanitizeRichContent(
      '<img src="https://cdn.example/a.jpg" alt="a"><img src="/media/b.jpg" alt="b"><img src="http://insecure.example/c.jpg" alt="c"><video src="/media/v.mp4"></video>',
    );
    const box = document.createElement('div');
    box.innerHTML = html;
    const sources = [...box.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['https://cdn.example/a.jpg', '/media/b.jpg', null]);
    const video = box.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/media/v.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(isAllowedMediaUrl('data:image/png;base64,AAAA', 'https://streethunt.example')).toBe(false);
  });

  it('the allow-list pass alone strips handlers, unknown elements and unsafe URLs', () => {
    const html = enforceAllowList(
      '<div onclick="x()"><custom-tag>kept text</custom-tag><noscript><img src=x></noscript><a href=" JaVaScRiPt:alert(1)">bad</a><a href="mailto:a@b.c">mail</a><!-- note --></div>',
    );
    expect(html).toBe('<div>kept text<a>bad</a><a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer">mail</a></div>');
  });

  it("marks a picture without a text as decoration (alt=''), and keeps a creator's own text", () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeRichContent('<img src="/media/a.webp"><img src="/media/b.webp" alt="The old gate">');
    expect([...box.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['', 'The old gate']);
  });

  it('renders nothing for empty content', async () => {
    const { container } = await renderUi(<RichContent html="<script>x</script>" />);
    expect(container.querySelector('[data-testid="rich-content"]')).toBeNull();
  });
});
