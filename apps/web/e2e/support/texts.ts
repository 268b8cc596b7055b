import en from '../../src/i18n/en.json';
import he from '../../src/i18n/he.json';
import type { Language } from './browser.ts';

/** The app's own translations, so tests find elements by what users read without copying the words. */
export const texts = { he, en } as const;

export type Texts = (typeof texts)[Language];

/** i18next-style `{{name}}` interpolation. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}
