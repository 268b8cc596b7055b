import en from '../../src/i18n/en.json';
import he from '../../src/i18n/he.json';
import liveEn from '../../src/i18n/player/live.en.json';
import liveHe from '../../src/i18n/player/live.he.json';
import termsEn from '../../src/i18n/pages/terms.en.json';
import termsHe from '../../src/i18n/pages/terms.he.json';
import affiliatesEn from '../../src/i18n/pages/affiliates.en.json';
import affiliatesHe from '../../src/i18n/pages/affiliates.he.json';
import purchasesEn from '../../src/i18n/player/purchases.en.json';
import buildersEn from '../../src/i18n/pages/builders.en.json';
import accountEn from '../../src/i18n/app/account.en.json';
import accountHe from '../../src/i18n/app/account.he.json';
import buildersHe from '../../src/i18n/pages/builders.he.json';
import purchasesHe from '../../src/i18n/player/purchases.he.json';
import accessibilityEn from '../../src/i18n/pages/accessibility.en.json';
import accessibilityHe from '../../src/i18n/pages/accessibility.he.json';
import type adminCodes from '../../src/i18n/studio/admin-codes.en.json';
import type adminGames from '../../src/i18n/studio/admin-games.en.json';
import type adminLeads from '../../src/i18n/studio/admin-leads.en.json';
import type adminPayouts from '../../src/i18n/studio/admin-payouts.en.json';
import type adminUsers from '../../src/i18n/studio/admin-users.en.json';
import type admin from '../../src/i18n/studio/admin.en.json';
import type studioCommon from '../../src/i18n/studio/common.en.json';
import type editorFields from '../../src/i18n/studio/editor-fields.en.json';
import type editor from '../../src/i18n/studio/editor.en.json';
import type events from '../../src/i18n/studio/events.en.json';
import type finance from '../../src/i18n/studio/finance.en.json';
import type myGames from '../../src/i18n/studio/my-games.en.json';
import type photos from '../../src/i18n/studio/photos.en.json';
import type editorTranslation from '../../src/i18n/studio/translation.en.json';
import type { Language } from './browser.ts';

/**
 * The app's own translations, so tests find elements by what users read without copying the words;
 * with the terms of use, the affiliates', builders' pages, the accessibility statement, purchases and the account pages, namespaces of their own in the app (src/i18n/terms-translations.ts).
 */
export const texts = {
  he: { ...he, ...termsHe, ...affiliatesHe, ...purchasesHe, ...buildersHe, ...accessibilityHe, ...accountHe },
  en: { ...en, ...termsEn, ...affiliatesEn, ...purchasesEn, ...buildersEn, ...accessibilityEn, ...accountEn },
} as const;

export type Texts = (typeof texts)[Language];

/** The texts of a play's live news (the `live` namespace, src/i18n/live-translations.ts). */
export const liveTexts = { he: liveHe, en: liveEn } as const;

/** i18next-style `{{name}}` interpolation. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

const studioFiles = import.meta.glob<Record<string, unknown>>('../../src/i18n/studio/*.json', { eager: true, import: 'default' });

/** The studio namespace's texts of one language, merged as the app merges them (src/i18n/studio-translations.ts). */
function studioOf(language: Language) {
  return Object.assign({}, ...Object.entries(studioFiles).filter(([path]) => path.endsWith(`.${language}.json`)).map(([, part]) => part)) as StudioTexts;
}
type StudioTexts = typeof myGames & typeof editor & typeof editorFields & typeof studioCommon & typeof admin & typeof adminGames & typeof adminUsers & typeof adminCodes & typeof adminLeads & typeof adminPayouts & typeof finance & typeof events & typeof photos & typeof editorTranslation;

export const studioTexts: Record<Language, StudioTexts> = { he: studioOf('he'), en: studioOf('en') };
