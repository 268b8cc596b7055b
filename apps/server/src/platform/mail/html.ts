import type { Language } from '@streethunt/shared';

/** Text made safe inside HTML elements and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The longest a name someone typed is shown in an email. */
const TYPED_TEXT_MAX = 40;

/**
 * A name a caller typed (first name, game name...), made fit for an email that may reach someone
 * else: one line, no link-looking text (`://` and `www.` taken out, so neither the writer nor a
 * mail client turns it into a link), at most `max` characters. Still escaped by mailHtml as any text.
 */
export function typedText(text: string, max = TYPED_TEXT_MAX): string {
  const plain = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/:\/\//g, ' ')
    .replace(/\bwww\./gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : plain;
}

/** The same brand colour as the app's theme. */
const BUTTON_STYLE = 'display: inline-block; padding: 10px 18px; background: #0b7285; color: #ffffff; text-decoration: none; border-radius: 4px;';
const SMALL_STYLE = 'font-size: 13px; color: #555555;';

/** Pieces of an email body; each escapes what it is given. */
export const mailHtml = {
  paragraph: (text: string) => `<p>${escapeHtml(text)}</p>`,
  small: (text: string) => `<p style="${SMALL_STYLE}">${escapeHtml(text)}</p>`,
  button: (href: string, label: string) => `<p><a href="${escapeHtml(href)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`,
};

/**
 * Every email's HTML document: language and direction on <html> and <body> (mail clients drop one or
 * the other), the subject as title, a plain readable font. `body` is HTML already escaped.
 */
export function emailDocument(language: Language, subject: string, body: string[]): string {
  const dir = language === 'he' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="font-family: Arial, sans-serif; line-height: 1.5;">
${body.join('\n')}
</body>
</html>`;
}
