import { describe, expect, it } from 'vitest';
import { emailDocument, escapeHtml, mailHtml, typedText } from './html.ts';

describe('email HTML', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('sets language and direction on both <html> and <body>, and escapes the subject', () => {
    const he = emailDocument('he', 'שלום <b>', [mailHtml.paragraph('א')]);
    expect(he).toContain('<html lang="he" dir="rtl">');
    expect(he).toContain('<body dir="rtl"');
    expect(he).toContain('<title>שלום &lt;b&gt;</title>');
    expect(emailDocument('en', 'Hi', [])).toContain('<html lang="en" dir="ltr">');
  });

  it('escapes what the pieces are given, a link included', () => {
    const body = [mailHtml.paragraph('<script>'), mailHtml.small('"q"'), mailHtml.button('https://x.test/?a=1&b="2"', 'Go <now>')].join('\n');
    expect(body).not.toContain('<script>');
    expect(body).toContain('href="https://x.test/?a=1&amp;b=&quot;2&quot;"');
    expect(body).toContain('>Go &lt;now&gt;</a>');
  });

  it('makes a typed name one short plain line that cannot read as a link', () => {
    expect(typedText('Noa')).toBe('Noa');
    expect(typedText('see https://evil.example WWW.x.io')).toBe('see https evil.example x.io');
    expect(typedText('line\none\u202Eevil')).toBe('line one evil');
    const long = typedText('x'.repeat(100));
    expect([...long]).toHaveLength(40);
    expect(long.endsWith('…')).toBe(true);
    expect([...typedText('שלום'.repeat(20))]).toHaveLength(40);
  });
});
