import type { Language } from '@streethunt/shared';

/** Text made safe inside HTML elements and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
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
