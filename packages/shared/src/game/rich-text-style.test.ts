import { describe, expect, it } from 'vitest';
import { cleanRichTextStyle } from './rich-text-style.ts';

describe('cleanRichTextStyle', () => {
  it('keeps the formatting the editor extensions write, in their value shapes', () => {
    expect(cleanRichTextStyle('text-align: center;')).toBe('text-align:center');
    expect(cleanRichTextStyle('color: #C00; background-color: rgba(255, 240, 0, 0.5); font-weight: bold')).toBe(
      'color:#c00;background-color:rgba(255, 240, 0, 0.5);font-weight:bold',
    );
    expect(cleanRichTextStyle('background-color: #fff59d; color: inherit')).toBe('background-color:#fff59d;color:inherit');
    expect(cleanRichTextStyle('font-size: 18px; font-style: italic; text-decoration: underline line-through')).toBe(
      'font-size:18px;font-style:italic;text-decoration:underline line-through',
    );
    for (const align of ['left', 'right', 'justify', 'start', 'end']) expect(cleanRichTextStyle(`text-align:${align}`)).toBe(`text-align:${align}`);
  });

  it('drops every declaration that could move, scale, hide or size a box, and keeps the rest of the attribute', () => {
    expect(cleanRichTextStyle('display:block; opacity:0.01; transform:scale(80)')).toBe('');
    expect(cleanRichTextStyle('color:red; display:block; opacity:0.01; transform:scale(80); text-align:center')).toBe('color:red;text-align:center');
    for (const style of [
      'position:fixed', 'inset:0', 'top:-100px', 'margin:-9999px', 'margin-top:-5000px', 'width:10000px', 'height:100vh', 'min-height:100vh',
      'font-size:9999px', 'font-size:80em', 'font-size:calc(1px * 9999)', 'line-height:9999', 'padding:5000px', 'z-index:9', 'zoom:80',
      'scale:80', 'translate:0 -500px', 'float:left', 'clip-path:none', 'visibility:hidden', 'pointer-events:none', 'outline:9999px solid',
      'box-shadow:0 0 0 9999px red', 'filter:opacity(0)', 'mix-blend-mode:multiply',
    ]) {
      expect({ style, kept: cleanRichTextStyle(style) }).toEqual({ style, kept: '' });
    }
  });

  it('writes sizes that grow with the parent’s (%, em, larger, smaller) relative to the root, so a nest of them does not compound', () => {
    expect(cleanRichTextStyle('font-size:400%')).toBe('font-size:4rem');
    expect(cleanRichTextStyle('font-size:150%')).toBe('font-size:1.5rem');
    expect(cleanRichTextStyle('font-size:2.5em')).toBe('font-size:2.5rem');
    expect(cleanRichTextStyle('font-size:3rem')).toBe('font-size:3rem');
    expect(cleanRichTextStyle('font-size:larger')).toBe('font-size:large');
    expect(cleanRichTextStyle('font-size:smaller')).toBe('font-size:small');
    expect(cleanRichTextStyle('font-size:xx-large')).toBe('font-size:xx-large');
  });

  it('keeps nothing disguised: urls, variables, escapes, comments, !important, expressions', () => {
    for (const style of [
      'background-color:url(https://x)', 'color:var(--x)', 'color:r\\65 d', 'co/**/lor:red', 'color:red/**/', 'color:red !important',
      'color:expression(alert(1))', 'background-color:image-set("x")', 'color:"red"', 'text-align:center\\;position:fixed', 'constructor:x', '__proto__:x',
    ]) {
      expect({ style, kept: cleanRichTextStyle(style) }).toEqual({ style, kept: '' });
    }
  });
});
